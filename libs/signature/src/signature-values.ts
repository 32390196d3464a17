/**
 * The values a request signature covers (ADR 0003): every leaf of the parameters except the
 * top-level `signature`, rendered as the PHP client SDKs render them, because those SDKs compute
 * the signatures we must accept byte for byte.
 */
export function signatureValues(params: unknown): string[] {
  const values: string[] = [];
  if (isContainer(params)) {
    for (const [name, value] of Object.entries(params)) {
      // Only the top-level key is the signature; a nested field named "signature" is ordinary data.
      if (name !== 'signature') collectLeaves(value, values);
    }
  } else if (params !== undefined && params !== null) {
    values.push(renderLeaf(params));
  }
  return values;
}

function collectLeaves(value: unknown, into: string[]): void {
  if (isContainer(value)) {
    for (const nested of Object.values(value)) collectLeaves(nested, into);
  } else {
    into.push(renderLeaf(value));
  }
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/** PHP's string conversion: true is "1"; false and null are ""; numbers use their shortest text. */
function renderLeaf(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? '1' : '';
    case 'undefined':
    case 'object': // null; containers never get here
    case 'function':
    case 'symbol':
      return '';
  }
}
