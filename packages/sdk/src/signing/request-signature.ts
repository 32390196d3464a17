import { digestEquals, hmacHex } from './hmac';
import { signatureValues } from './leaf-values';

/**
 * The request signature of the Card Payment Gateway API: the values sorted by plain code-unit order
 * (JavaScript's default sort), joined with "|", HMAC-SHA256 with the private key, lowercase hex.
 */
export function signValues(values: readonly string[], privateKey: string): string {
  return hmacHex(privateKey, [...values].sort().join('|'));
}

/** Signs every leaf value of the parameters except a top-level `signature`. */
export function signParams(params: Record<string, unknown>, privateKey: string): string {
  return signValues(signatureValues(params), privateKey);
}

/** Whether `signature` signs the parameters (their own `signature` field is ignored), in constant time. */
export function verifyParams(
  params: Record<string, unknown>,
  signature: unknown,
  privateKey: string,
): boolean {
  return digestEquals(signParams(params, privateKey), signature);
}
