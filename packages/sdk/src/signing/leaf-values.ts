import { phpFloatString } from './php-float';
import { phpJsonNumberText } from './php-json-number';

/**
 * A parameter value as the signature and a form body carry it, the way PHP client SDKs render a JSON
 * leaf: strings as they are, integers as their digits, other numbers as PHP's float text, true as
 * "1", false and null as "".
 */
export function renderLeaf(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return renderNumber(value);
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? '1' : '';
    case 'undefined':
    case 'object':
    case 'function':
    case 'symbol':
      return '';
  }
}

/**
 * The server reads a JSON number from the JSON text: digits that fit a 64-bit integer are an integer
 * (PHP's json_decode gives an int), anything else is a float.
 */
function renderNumber(value: number): string {
  // NaN and the infinities have no JSON text; PHP still renders them.
  return Number.isFinite(value) ? phpJsonNumberText(JSON.stringify(value)) : phpFloatString(value);
}

/**
 * Every leaf of the parameters except the top-level `signature`, in document order. A nested field
 * named signature is data; an empty object or array contributes nothing; undefined is not sent, so
 * it is not signed either.
 */
export function signatureValues(params: Record<string, unknown>): string[] {
  const values: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (name !== 'signature') collectLeaves(value, values);
  }
  return values;
}

function collectLeaves(value: unknown, into: string[]): void {
  if (value === undefined) return;
  if (typeof value === 'object' && value !== null) {
    for (const nested of Object.values(value)) collectLeaves(nested, into);
  } else {
    into.push(renderLeaf(value));
  }
}
