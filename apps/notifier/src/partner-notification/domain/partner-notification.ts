import type { NotificationTargetV1 } from '@opp/contracts';
import { signPartnerPayload } from '@opp/signature';
import type { HttpDeliveryRequest } from '../../delivery/domain/delivery';

export const PARTNER_SIGNATURE_HEADER = 'X-OPP-Signature';

/**
 * processing-api.md Events with ADR 0004: GET calls `uri?globalId=<id>`, POST sends exactly
 * `globalId=<id>` as a form body; either way `X-OPP-Signature` is the hex HMAC-SHA256 of that string
 * under the partner's secret.
 */
export function partnerNotificationRequest(
  target: NotificationTargetV1,
  globalId: string,
  partnerSecret: string,
): HttpDeliveryRequest {
  const payload = `globalId=${encodeURIComponent(globalId)}`;
  const signature = signPartnerPayload(partnerSecret, payload);
  if (target.method === 'GET') {
    const url = new URL(target.uri);
    const separator = url.search === '' || url.search === '?' ? '?' : '&';
    const base = target.uri.split('#')[0].replace(/\?$/, '');
    return {
      channel: 'http',
      method: 'GET',
      url: `${base}${separator}${payload}`,
      headers: { [PARTNER_SIGNATURE_HEADER]: signature },
      body: null,
    };
  }
  return {
    channel: 'http',
    method: 'POST',
    url: target.uri,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      [PARTNER_SIGNATURE_HEADER]: signature,
    },
    body: payload,
  };
}
