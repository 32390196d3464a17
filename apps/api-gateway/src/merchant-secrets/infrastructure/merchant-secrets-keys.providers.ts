import type { Provider } from '@nestjs/common';
import { keyEncryptionKeysFrom } from '@opp/crypto';
import { envelopeKeyProviders, type EncryptedTable } from '@opp/platform';
import type { GatewayConfig } from '../../config/gateway.config';
import { MerchantSecretsCipher } from './merchant-secrets-cipher';

/** Where the gateway keeps merchant-secret envelopes, each row with the KEK id of its data keys. */
export const MERCHANT_SECRETS_TABLES: readonly EncryptedTable[] = [
  {
    table: 'projects',
    idColumn: 'id',
    columns: ['private_key_encrypted', 'previous_private_key_encrypted'],
    kekColumn: 'kek_id',
  },
  { table: 'partners', idColumn: 'identifier', columns: ['secret_encrypted'], kekColumn: 'kek_id' },
];

/** MERCHANT_SECRETS_KEKS with its rotation worker and retirement check (docs/security/key-hierarchy.md). */
export function merchantSecretsKeyProviders(config: GatewayConfig): Provider[] {
  return envelopeKeyProviders({
    cipher: MerchantSecretsCipher,
    create: (legacy) =>
      new MerchantSecretsCipher(
        keyEncryptionKeysFrom(config.merchantSecretsKeks, config.kekProviderSettings),
        legacy,
      ),
    variable: 'MERCHANT_SECRETS_KEKS',
    tables: MERCHANT_SECRETS_TABLES,
    batchSize: config.keyRotationBatchSize,
  });
}
