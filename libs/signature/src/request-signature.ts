import { createHmac } from 'node:crypto';
import { hexDigestEquals } from './hex-digest-equals';
import { signatureValues } from './signature-values';

/**
 * ADR 0003: sort by plain code-unit order (the default sort), join with "|", HMAC-SHA256, lowercase
 * hex.
 */
export function signValues(values: string[], key: string): string {
  const joined = [...values].sort().join('|');
  return createHmac('sha256', key).update(joined, 'utf8').digest('hex');
}

export function signParams(params: unknown, key: string): string {
  return signValues(signatureValues(params), key);
}

/**
 * Accepts the signature if any of the keys produced it: during a key rotation grace period a project
 * has both its new and its old private key. Every key is tried, so timing does not tell which matched.
 */
export function verifyParams(params: unknown, signature: unknown, keys: string[]): boolean {
  const values = signatureValues(params);
  let matched = false;
  for (const key of keys) {
    if (hexDigestEquals(signValues(values, key), signature)) matched = true;
  }
  return matched;
}
