import { renderLeaf } from '../signing/leaf-values';

/**
 * Parameters as form fields or a query string, nested the way PHP names them (`card[number]`,
 * `created[from]`, `items[0]`), each leaf rendered as the signature renders it, so the values the
 * gateway reads are the values that were signed. Undefined is left out; an empty object or array
 * sends nothing.
 */
export function formEncode(params: Record<string, unknown>): string {
  const fields = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) appendField(fields, name, value);
  return fields.toString();
}

function appendField(fields: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined) return;
  if (typeof value === 'object' && value !== null) {
    for (const [key, nested] of Object.entries(value))
      appendField(fields, `${name}[${key}]`, nested);
  } else {
    fields.append(name, renderLeaf(value));
  }
}
