export { KeyRing, type KeyRingOptions } from './key-ring';
export { keyedHash } from './keyed-hash';
export { randomToken } from './random-token';
export { CryptoError } from './crypto-error';
export { OpeningKeyRing, SealingKey, generateSealingKeyPair } from './sealed-box';
export { openCard, sealCard, type CardDataPurpose } from './sealed-card';
export { EnvelopeCipher, type EnvelopeBinding } from './envelope-cipher';
export { LocalKeyEncryptionKeys, type KeyEncryptionKeys } from './key-encryption-keys';
export {
  Pkcs11KeyEncryptionKeys,
  parseLabels as parsePkcs11Labels,
  type Pkcs11Options,
} from './pkcs11-key-encryption-keys';
export {
  KEK_PROVIDERS,
  keyEncryptionKeysFrom,
  type KekProvider,
  type KekProviderSettings,
} from './key-encryption-key-provider';
export { FingerprintKey } from './fingerprint-key';
export { HostedPageKeyRing } from './hosted-page-key-ring';
export {
  hasCardFragment,
  maskCardFragments,
  openCardFragments,
  sealCardFragment,
  wholeCardFragment,
  type CardFragment,
} from './card-fragment';
