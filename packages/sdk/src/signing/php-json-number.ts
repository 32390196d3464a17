import { phpFloatString } from './php-float';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_LITERAL = /^-?\d+$/;

/**
 * A JSON number literal as a PHP client renders it after `json_decode`: digits that fit a 64-bit
 * integer are an int (its digits, exactly, even past 2^53), anything else is a float and renders
 * as PHP's `(string)` cast. Works on the literal text, so nothing is lost to a double first.
 */
export function phpJsonNumberText(literal: string): string {
  if (INTEGER_LITERAL.test(literal)) {
    const integer = BigInt(literal);
    if (integer >= INT64_MIN && integer <= INT64_MAX) return integer.toString();
  }
  return phpFloatString(Number(literal));
}
