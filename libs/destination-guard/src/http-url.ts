/**
 * Whether `text` is an absolute http(s) URL with a host: the one shape every outbound target a
 * caller gives us must have (callback URLs, notification targets, return pages, webhooks), checked
 * before the destination guard looks at where it resolves.
 */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
