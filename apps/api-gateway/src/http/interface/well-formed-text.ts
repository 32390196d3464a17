// Without the `u` flag a regular expression sees UTF-16 code units, so it can find a lone half.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * ADR 0016: text with a NUL character or an unpaired surrogate never reaches a service. Returns
 * where the first such text is (a field name fit to print, or "a field name"/"a field" when the
 * name itself is the problem or is not fit to print), or undefined when all text is well formed.
 * Keys are checked too: they become column names, log fields and signed structure.
 */
export function findMalformedText(value: unknown, field = 'a field'): string | undefined {
  if (typeof value === 'string') return isWellFormedText(value) ? undefined : field;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, nested] of Object.entries(value)) {
    if (!isWellFormedText(key)) return 'a field name';
    const name = field === 'a field' && FIELD_NAME.test(key) ? key : field;
    const found = findMalformedText(nested, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function isWellFormedText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}
