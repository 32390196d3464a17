import { ApiError, ErrorCode } from '@opp/errors';
import { phpJsonNumberText } from '@opp/sdk/signing';

/** ADR 0016: limits checked before any other work is done with a /v1 JSON body. */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_LEAVES = 1000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NUMBER_LITERAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const NUMBER_CHAR = /[-+.eE\d]/;

/**
 * Prepares a /v1 JSON body for parsing (ADR 0003): the same text with each number literal outside
 * strings replaced by a string holding what PHP renders for it (`3.3000000000000003` is "3.3",
 * 9007199254740993 stays exact). The merchant's PHP SDK signed that text, and a money field reads
 * it too. The literal is taken from the JSON text, before any double could round it. Nesting is
 * checked in the same scan, so a hostile depth never reaches the parser (ADR 0016).
 */
export function quoteNumbers(text: string): string {
  const parts: string[] = [];
  let copiedUpTo = 0;
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = endOfString(text, i);
      continue;
    }
    const char = text[i];
    if (char === '{' || char === '[') {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) {
        throw ApiError.of(ErrorCode.InvalidParameter, `body nests deeper than ${MAX_JSON_DEPTH}`);
      }
    } else if (char === '}' || char === ']') {
      depth -= 1;
    } else if (char === '-' || (code >= 0x30 && code <= 0x39)) {
      let end = i + 1;
      while (end < text.length && NUMBER_CHAR.test(text[end])) end += 1;
      const literal = text.slice(i, end);
      if (!NUMBER_LITERAL.test(literal)) throw invalidJson();
      parts.push(text.slice(copiedUpTo, i), JSON.stringify(phpJsonNumberText(literal)));
      copiedUpTo = end;
      i = end;
      continue;
    }
    i += 1;
  }
  if (copiedUpTo === 0) return text;
  parts.push(text.slice(copiedUpTo));
  return parts.join('');
}

/** Index just past the closing quote of the string opening at `start` (or the end of the text). */
function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i += 2;
    else if (code === QUOTE) return i + 1;
    else i += 1;
  }
  return i;
}

/** After parsing: more leaf values than ADR 0016 allows is 400. */
export function assertLeafCount(value: unknown): void {
  if (countLeaves(value) > MAX_JSON_LEAVES) {
    throw ApiError.of(ErrorCode.InvalidParameter, `body has more than ${MAX_JSON_LEAVES} values`);
  }
}

function countLeaves(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  let count = 0;
  for (const nested of Object.values(value)) count += countLeaves(nested);
  return count;
}

export function invalidJson(): ApiError {
  return ApiError.of(ErrorCode.InvalidParameter, 'request body is not valid JSON');
}
