export { issuerOfBin, type IssuerInfo } from './issuer-of-bin';
