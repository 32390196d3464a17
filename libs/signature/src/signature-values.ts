import { renderLeaf } from '@opp/sdk/signing';

/**
 * The values a request signature covers (ADR 0003): every leaf of the parameters except the
 * top-level `signature`, rendered as the PHP client SDKs render them, because those SDKs compute
 * the signatures we must accept byte for byte. The rendering is the SDK's own code (one
 * implementation for client and server, ADR 0003).
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
