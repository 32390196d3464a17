// PHP's default `precision` ini setting, which its (string) cast of a float uses.
const PHP_PRECISION = 14;

/**
 * A float as PHP's `(string)` cast renders it: 14 significant digits, rounded half to even on the
 * exact binary value (PHP's dtoa), trailing zeros dropped, exponent notation from 1.0E+15 up and
 * below 0.0001. PHP client SDKs sign this text, so `3.3000000000000003` signs as `3.3`.
 */
export function phpFloatString(value: number): string {
  if (Number.isNaN(value)) return 'NAN';
  if (!Number.isFinite(value)) return value > 0 ? 'INF' : '-INF';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const sign = value < 0 ? '-' : '';
  const { digits, pointAt } = roundDigits(exactDecimal(Math.abs(value)), PHP_PRECISION);
  return sign + layOut(digits, pointAt);
}

/** Significant digits (no leading or trailing zeros) and where the point goes: 0.<digits> x 10^pointAt. */
interface Decimal {
  digits: string;
  pointAt: number;
}

/** The exact decimal expansion of a positive finite double, computed with integers only. */
function exactDecimal(value: number): Decimal {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const biasedExponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  // value = mantissa * 2^exponent; subnormals have no implicit leading bit.
  const mantissa = biasedExponent === 0 ? fraction : fraction | (1n << 52n);
  const exponent = biasedExponent === 0 ? -1074 : biasedExponent - 1075;
  // A negative power of two is a power of five over the same power of ten.
  const integer = exponent >= 0 ? mantissa << BigInt(exponent) : mantissa * 5n ** BigInt(-exponent);
  const text = integer.toString();
  const decimals = Math.max(0, -exponent);
  return { digits: text.replace(/0+$/, ''), pointAt: text.length - decimals };
}

function roundDigits({ digits, pointAt }: Decimal, precision: number): Decimal {
  if (digits.length <= precision) return { digits, pointAt };
  const kept = digits.slice(0, precision);
  const rest = digits.slice(precision);
  const firstDropped = rest.charCodeAt(0) - 48;
  // Digits carry no trailing zeros, so a lone 5 is exactly half way.
  const tie = rest === '5';
  const lastKeptOdd = (kept.charCodeAt(precision - 1) - 48) % 2 === 1;
  const roundUp = firstDropped > 5 || (firstDropped === 5 && (!tie || lastKeptOdd));
  if (!roundUp) return { digits: kept.replace(/0+$/, ''), pointAt };
  const bumped = (BigInt(kept) + 1n).toString();
  // 99..9 rounds up to 100..0: one more integer digit.
  const carried = bumped.length > precision;
  return { digits: bumped.replace(/0+$/, ''), pointAt: carried ? pointAt + 1 : pointAt };
}

/** php_gcvt's layout for `precision` digits. */
function layOut(digits: string, pointAt: number): string {
  if (pointAt < 0 ? pointAt < -3 : pointAt > PHP_PRECISION) {
    const exponent = pointAt - 1;
    const mantissa = `${digits[0]}.${digits.length > 1 ? digits.slice(1) : '0'}`;
    return `${mantissa}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  if (pointAt <= 0) return `0.${'0'.repeat(-pointAt)}${digits}`;
  if (digits.length <= pointAt) return digits + '0'.repeat(pointAt - digits.length);
  return `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}
