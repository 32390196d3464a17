import { OppSignatureError } from '../errors';
import { digestEquals, hmacHex } from '../signing/hmac';

/**
 * A notification as received: a POST's raw body, or a GET's query string (or whole URL), with the
 * X-OPP-Signature header's value.
 */
export type PartnerNotification =
  | { method: 'POST'; body: string | Uint8Array; signature: string | string[] | undefined }
  | { method: 'GET'; query: string; signature: string | string[] | undefined };

/**
 * Checks a notification and returns its globalId. The signature is the hex HMAC-SHA256 of
 * `globalId=<globalId>` with the partner's secret: exactly the POST body; for GET, the query
 * parameter as the platform appends it to a target URL that may carry its own query.
 */
export function verifyPartnerNotification(
  secret: string,
  notification: PartnerNotification,
): string {
  const signed =
    notification.method === 'POST'
      ? Buffer.from(notification.body).toString('utf8')
      : `globalId=${encodeURIComponent(globalIdOf(queryOf(notification.query)))}`;
  const globalId = globalIdOf(signed);
  if (!digestEquals(hmacHex(secret, signed), notification.signature)) {
    throw new OppSignatureError('the notification signature is not valid');
  }
  return globalId;
}

function queryOf(queryOrUrl: string): string {
  const question = queryOrUrl.indexOf('?');
  const query = question >= 0 ? queryOrUrl.slice(question + 1) : queryOrUrl;
  return query.split('#')[0];
}

function globalIdOf(form: string): string {
  const values = new URLSearchParams(form).getAll('globalId');
  if (values.length !== 1 || values[0] === '') {
    throw new OppSignatureError('the notification carries no single globalId');
  }
  return values[0];
}
