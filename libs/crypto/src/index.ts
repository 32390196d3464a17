export { KeyRing, type KeyRingOptions } from './key-ring';
export { keyedHash } from './keyed-hash';
export { randomToken } from './random-token';
export { CryptoError } from './crypto-error';
export { OpeningKeyRing, SealingKey, generateSealingKeyPair } from './sealed-box';
export { openCard, sealCard, type CardDataPurpose } from './sealed-card';
