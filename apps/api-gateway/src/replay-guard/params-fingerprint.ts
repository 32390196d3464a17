import { createHash } from 'node:crypto';

/**
 * What a replayed signature must match (ADR 0003): the operation (method and path) and every
 * parameter by name and value, except the top-level `signature`. Values are rendered as the
 * signature renders them (PHP's string conversion), so the same request sent as a form or as JSON
 * matches, while the same values moved between fields do not.
 */
export function paramsFingerprint(method: string, path: string, params: unknown): string {
  const leaves: Array<[string, string]> = [];
  if (isContainer(params)) {
    for (const [name, value] of Object.entries(params)) {
      if (name !== 'signature') collect(name, value, leaves);
    }
  }
  leaves.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([method.toUpperCase(), path, leaves]))
    .digest('hex');
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
