import { isWellFormedText } from '../../http/interface/well-formed-text';
import { MAX_JSON_DEPTH, MAX_JSON_LEAVES } from '../../http/interface/merchant-json';

/** Processing API routes: where ADR 0016's rules answer in the processing error shape. */
export function isProcessingUrl(url: string): boolean {
  return url === '/processing' || url.startsWith('/processing/') || url.startsWith('/processing?');
}

/**
 * ADR 0016 for a processing request (ADR 0016 in full): a body nesting deeper than 32 levels, holding
 * more than 1,000 leaf values, or a NUL character or an unpaired surrogate in any name or text is
 * refused before any other work. The walk keeps its own stack, so no depth can overflow the
 * call stack. Returns the refusal's message (never quoting what was sent), or null.
 */
export function processingBadInput(value: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let leaves = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof current === 'string' && !isWellFormedText(current)) return MALFORMED;
    if (typeof current !== 'object' || current === null) {
      if (++leaves > MAX_JSON_LEAVES) return `The body holds more than ${MAX_JSON_LEAVES} values`;
      continue;
    }
    if (depth + 1 > MAX_JSON_DEPTH) return `The body nests deeper than ${MAX_JSON_DEPTH} levels`;
    for (const [key, nested] of Object.entries(current)) {
      if (!isWellFormedText(key)) return MALFORMED;
      stack.push({ value: nested, depth: depth + 1 });
    }
  }
  return null;
}

const MALFORMED = 'The request holds a NUL character or an unpaired surrogate';
