/**
 * Exact arithmetic on the decimal strings of project settings (feePercent, feeFixed, rates), on
 * bigint: never binary floats (ARCHITECTURE.md, money rules). Inputs are non-negative.
 */

interface ScaledDecimal {
  digits: bigint;
  scale: number;
}

export function parseDecimal(text: string): ScaledDecimal {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a non-negative decimal: "${text}"`);
  const fraction = match[2] ?? '';
  return { digits: BigInt(match[1] + fraction), scale: fraction.length };
}

/** numerator / denominator rounded half-up (both non-negative, denominator > 0). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** A decimal text in units of a currency -> minor units (exponent digits), rounded half-up. */
export function decimalToMinorHalfUp(text: string, exponent: number): bigint {
  const { digits, scale } = parseDecimal(text);
  return scale <= exponent
    ? digits * pow10(exponent - scale)
    : divideHalfUp(digits, pow10(scale - exponent));
}

/** percent% of an amount in minor units, rounded half-up to minor units. */
export function percentOfHalfUp(minor: bigint, percent: string): bigint {
  const { digits, scale } = parseDecimal(percent);
  return divideHalfUp(minor * digits, 100n * pow10(scale));
}

/**
 * amount (minor units, currency exponent) x rate -> text with `decimals` places, half-up.
 * Used for the callback's virtual currency amount (price x virtualCurrencyRate, 2 decimals).
 */
export function multiplyToDecimalText(
  minor: bigint,
  exponent: number,
  rate: string,
  decimals: number,
): string {
  const { digits, scale } = parseDecimal(rate);
  const scaled = divideHalfUp(minor * digits * pow10(decimals), pow10(exponent + scale));
  const text = scaled.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}
