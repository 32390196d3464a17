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
export {
  parseChargePrice,
  parseChargeRecurring,
  type ChargeFieldsResult,
  type ChargePrice,
  type ChargePriceFailure,
  type ChargeRecurring,
  type ChargeRecurringFailure,
} from './charge/charge-fields';
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
