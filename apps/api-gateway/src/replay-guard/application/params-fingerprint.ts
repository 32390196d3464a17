/** A keyed hash (HMAC): the key ring's `fingerprint`. */
export interface KeyedHash {
  fingerprint(value: string): string;
}

/**
 * What a replayed signature must match (ADR 0003): the operation (method and path) and every
 * parameter by name and value, except the top-level `signature`. Values are rendered as the
 * signature renders them (PHP's string conversion), so the same request sent as a form or as JSON
 * matches, while the same values moved between fields do not. The parameters hold card numbers
 * and security codes: the stored digest is keyed (HMAC under the gateway's key ring), so it cannot
 * be brute-forced back to a card from the table alone.
 */
export function paramsFingerprint(
  method: string,
  path: string,
  params: unknown,
  hash: KeyedHash,
): string {
  const leaves: Array<[string, string]> = [];
  if (isContainer(params)) {
    for (const [name, value] of Object.entries(params)) {
      if (name !== 'signature') collect(name, value, leaves);
    }
  }
  leaves.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return hash.fingerprint(JSON.stringify([method.toUpperCase(), path, leaves]));
}

function collect(path: string, value: unknown, into: Array<[string, string]>): void {
  if (isContainer(value)) {
    for (const [name, nested] of Object.entries(value)) collect(`${path}[${name}]`, nested, into);
  } else {
    into.push([path, render(value)]);
  }
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function render(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  return '';
}
