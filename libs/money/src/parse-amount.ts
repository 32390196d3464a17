import { currencyExponent } from './currency-exponents';
import { MoneyError } from './money-error';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
// Minor units are stored as PostgreSQL bigint.
const MAX_MINOR = 2n ** 63n - 1n;
// Beyond any real amount; keeps BigInt() away from megabyte-long input.
const MAX_TEXT_LENGTH = 40;
// A double holds any decimal of up to 15 significant digits exactly enough to print it back as written.
const MAX_EXACT_NUMBER_DIGITS = 15;

/**
 * Decimal text (or a JSON number) -> integer minor units of the currency, exactly: the text is split
 * into digits, never computed with binary floats. Trailing zeros past the currency's exponent are
 * accepted ("10.500" EUR is 1050) because they do not change the value; any other digit there is an error.
 */
export function parseAmount(text: string | number, currency: string): bigint {
  try {
    return minorUnitsOf(text, currency);
  } catch (error) {
    if (!(error instanceof MoneyError) || typeof text !== 'string') throw error;
    throw new MoneyError(error.message, hasExtraDecimals(text, currencyExponent(currency) ?? 0));
  }
}

function hasExtraDecimals(text: string, exponent: number): boolean {
  const fraction = /^\d+\.(\d+)$/.exec(text)?.[1] ?? '';
  return /[^0]/.test(fraction.slice(exponent));
}

function minorUnitsOf(text: string | number, currency: string): bigint {
  const exponent = currencyExponent(currency);
  if (exponent === undefined) throw new MoneyError(`unknown currency "${currency}"`);
  const decimal = typeof text === 'number' ? numberToDecimal(text) : text;
  if (decimal.length > MAX_TEXT_LENGTH) throw new MoneyError('amount is too long');
  const match = DECIMAL.exec(decimal);
  if (!match) throw new MoneyError(describeMalformed(decimal));
  const [, whole, fraction = ''] = match;
  if (/[^0]/.test(fraction.slice(exponent))) {
    throw new MoneyError(`amount has more than ${exponent} decimals allowed for ${currency}`);
  }
  const minor = BigInt(whole + fraction.slice(0, exponent).padEnd(exponent, '0'));
  if (minor > MAX_MINOR) throw new MoneyError('amount is too large');
  return minor;
}

function numberToDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new MoneyError('amount is not a finite number');
  if (value < 0) throw new MoneyError('amount is negative');
  const text = String(value);
  if (text.replace(/^[0.]+/, '').replace('.', '').length > MAX_EXACT_NUMBER_DIGITS) {
    throw new MoneyError('amount has too many digits to be exact as a number; send it as text');
  }
  return text;
}

function describeMalformed(text: string): string {
  if (text === '') return 'amount is empty';
  if (text.trim() !== text) return 'amount has surrounding whitespace';
  if (text.startsWith('-')) return 'amount is negative';
  if (/^[+-]?\d*\.?\d*e[+-]?\d+$/i.test(text)) return 'amount uses exponent notation';
  return 'amount is not a decimal number';
}
