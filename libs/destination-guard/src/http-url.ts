import { isURL } from 'class-validator';

/**
 * The rule the message contracts check URLs with (`@IsUrl` with these options): a URL the gateway
 * accepts must pass the contract of the message it goes into, or the merchant would meet the
 * contract's internal wording instead of a plain refusal (issue 37 L9).
 */
const CONTRACT_HTTP_URL = {
  require_tld: false,
  require_protocol: true,
  protocols: ['http', 'https'],
};

/**
 * Whether `text` is an absolute http(s) URL with a host: the one shape every outbound target a
 * caller gives us must have (callback URLs, notification targets, return pages, webhooks), checked
 * before the destination guard looks at where it resolves.
 */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    const httpWithHost =
      (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    return httpWithHost && isURL(text, CONTRACT_HTTP_URL);
  } catch {
    return false;
  }
}
