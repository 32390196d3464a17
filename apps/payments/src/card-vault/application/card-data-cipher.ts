import { EnvelopeCipher, type KeyEncryptionKeys, type KeyRing } from '@opp/crypto';

/** The purpose authenticated with every card-data envelope: they open as nothing else. */
export const CARD_DATA_PURPOSE = 'card-data';

/**
 * Card data at rest (PAN, security codes): envelopes whose data keys are wrapped by the card-data
 * KEKs (CARD_DATA_KEKS), which only payments holds. The platform key ring, when configured, still
 * reads values vaulted before envelopes until the key rotation has converted them (ADR 0063).
 */
export class CardDataCipher extends EnvelopeCipher {
  constructor(keks: KeyEncryptionKeys, legacy?: KeyRing) {
    super(keks, CARD_DATA_PURPOSE, legacy);
  }
}
