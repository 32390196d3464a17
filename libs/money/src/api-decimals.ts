import { currencyExponent } from './currency-exponents';
import { formatAmount } from './format-amount';

/**
 * ADR 0009: a transaction's price as the public API shows it, decimal(12,2), or the currency's own
 * decimals when it has more (KWD 3).
 */
export const formatPrice = (minor: bigint, currency: string): string =>
  formatAmount(minor, currency, Math.max(2, currencyExponent(currency) ?? 2));

/** ADR 0009: a transaction's fee as the public API shows it, decimal(12,4). */
export const formatFee = (minor: bigint, currency: string): string =>
  formatAmount(minor, currency, Math.max(4, currencyExponent(currency) ?? 2));
