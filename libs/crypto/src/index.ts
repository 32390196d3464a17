export { KeyRing, type KeyRingOptions } from './key-ring';
export { keyedHash } from './keyed-hash';
export { randomToken } from './random-token';
export { CryptoError } from './crypto-error';
