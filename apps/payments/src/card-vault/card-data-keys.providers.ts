import type { Provider } from '@nestjs/common';
import { FingerprintKey, keyEncryptionKeysFrom } from '@opp/crypto';
import { envelopeKeyProviders } from '@opp/platform';
import type { PaymentsConfig } from '../config/payments.config';
import { CardDataCipher } from './application/card-data-cipher';
import { CARD_VAULT_ENCRYPTED_TABLES } from './infrastructure/card-vault-encrypted-tables';

/**
 * The card-data keys of payments (docs/security/key-hierarchy.md): envelopes under
 * CARD_DATA_KEKS with their rotation worker and retirement check, and the fingerprint key.
 */
export function cardDataKeyProviders(config: PaymentsConfig): Provider[] {
  return [
    ...envelopeKeyProviders({
      cipher: CardDataCipher,
      create: (legacy) =>
        new CardDataCipher(
          keyEncryptionKeysFrom(config.cardDataKeks, config.kekProviderSettings),
          legacy,
        ),
      variable: 'CARD_DATA_KEKS',
      tables: CARD_VAULT_ENCRYPTED_TABLES,
      batchSize: config.keyRotationBatchSize,
    }),
    { provide: FingerprintKey, useValue: new FingerprintKey(config.cardFingerprintKey) },
  ];
}
