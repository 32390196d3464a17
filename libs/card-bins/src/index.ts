export { issuerOfBin, type IssuerInfo } from './issuer-of-bin';
export { luhnCheckDigit, luhnValid } from './luhn';
export {
  CARD_NUMBER_MAX_DIGITS,
  CARD_NUMBER_MIN_DIGITS,
  findCardNumbers,
  hasCardNumber,
  isCardNumber,
  isSecurityCodeKey,
  isSecurityCodeValue,
  maskCardNumber,
  maskCardNumbers,
  replaceCardNumbers,
  withoutSeparators,
  type CardNumberMatch,
} from './card-number-text';
