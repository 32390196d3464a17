/** Raised for bad key rings and undecryptable tokens; messages never carry key material or plaintext. */
export class CryptoError extends Error {
  override readonly name = 'CryptoError';
}
