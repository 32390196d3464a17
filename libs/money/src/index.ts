export {
  CURRENCY_EXPONENTS,
  currencyExponent,
  isCurrencyCode,
  type CurrencyCode,
} from './currency-exponents';
export { parseAmount } from './parse-amount';
export { formatAmount } from './format-amount';
export { MoneyError } from './money-error';
export { formatFee, formatPrice } from './api-decimals';
// The recurring rule is read through readChargeTerms only; the price rule also by payments' amounts.
export { parseChargePrice, type ChargePrice } from './charge/charge-fields';
export {
  priceFailure,
  readChargeTerms,
  readDays,
  readPrice,
  readSwitch,
  type ChargeFieldFailure,
  type ChargeTerms,
  type FieldReading,
} from './charge/charge-terms';
