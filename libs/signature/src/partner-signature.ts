import { createHmac } from 'node:crypto';
import { hexDigestEquals } from './hex-digest-equals';

/**
 * ADR 0004: partners sign the raw body bytes (POST /processing), the GlobalId (status queries), and
 * we sign `globalId=<id>` for notifications; all are lowercase hex HMAC-SHA256 with the partner's
 * secret.
 */
export function signPartnerPayload(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

export function verifyPartnerSignature(
  secret: string,
  data: string | Buffer,
  signature: unknown,
): boolean {
  return hexDigestEquals(signPartnerPayload(secret, data), signature);
}
