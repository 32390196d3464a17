import { currencyExponent } from './currency-exponents';
import { MoneyError } from './money-error';

/**
 * Minor units -> decimal text with the currency's decimals, or more when a field is typed with a
 * fixed scale (e.g. decimal(12,4) gives formatAmount(1234n, 'EUR', 4) === '12.3400'). Fewer decimals
 * than the currency has would need rounding, which is a business decision, so it is refused.
 */
export function formatAmount(minor: bigint, currency: string, decimals?: number): string {
  const exponent = currencyExponent(currency);
  if (exponent === undefined) throw new MoneyError(`unknown currency "${currency}"`);
  const scale = decimals ?? exponent;
  if (!Number.isInteger(scale) || scale < exponent) {
    throw new MoneyError(`cannot format ${currency} with ${scale} decimals; it has ${exponent}`);
  }
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent).padEnd(scale, '0');
  return scale === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}
