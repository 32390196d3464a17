import { LocalKeyEncryptionKeys, type KeyEncryptionKeys } from './key-encryption-keys';
import { Pkcs11KeyEncryptionKeys, type Pkcs11Options } from './pkcs11-key-encryption-keys';

/** Where the key-encryption keys live (ADR 0063): KEK_PROVIDER. */
export const KEK_PROVIDERS = ['env', 'pkcs11'] as const;
export type KekProvider = (typeof KEK_PROVIDERS)[number];

export interface KekProviderSettings {
  readonly provider: KekProvider;
  /** The token holding the keys, with KEK_PROVIDER=pkcs11. */
  readonly pkcs11?: Omit<Pkcs11Options, 'kekLabels'>;
}

/**
 * The KEKs of one purpose from its variable (`CARD_DATA_KEKS`, `MERCHANT_SECRETS_KEKS`): with `env`
 * the variable holds the keys (`kid:base64key,...`), with `pkcs11` the labels of the token's keys
 * (`kek-2,kek-1`); either way the first is active.
 */
export function keyEncryptionKeysFrom(
  spec: string,
  settings: KekProviderSettings,
): KeyEncryptionKeys {
  if (settings.provider === 'env') return new LocalKeyEncryptionKeys(spec);
  if (!settings.pkcs11) throw new Error('KEK_PROVIDER=pkcs11 needs the PKCS#11 token settings');
  return new Pkcs11KeyEncryptionKeys({ ...settings.pkcs11, kekLabels: spec });
}
