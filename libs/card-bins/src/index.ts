export { issuerOfBin, type IssuerInfo } from './issuer-of-bin';
export { isCardNumber, luhnCheckDigit, luhnValid } from './luhn';
