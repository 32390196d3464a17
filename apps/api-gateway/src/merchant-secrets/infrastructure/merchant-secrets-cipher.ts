import { EnvelopeCipher, type KeyEncryptionKeys, type KeyRing } from '@opp/crypto';

/** The purpose authenticated with every merchant-secret envelope: they open as nothing else. */
export const MERCHANT_SECRETS_PURPOSE = 'merchant-secrets';

/**
 * Project signing keys and partner secrets at rest in the gateway: envelopes whose data keys are
 * wrapped by MERCHANT_SECRETS_KEKS, which only the gateway holds. The platform key ring still
 * reads rows written before envelopes until the key rotation has converted them.
 */
export class MerchantSecretsCipher extends EnvelopeCipher {
  constructor(keks: KeyEncryptionKeys, legacy?: KeyRing) {
    super(keks, MERCHANT_SECRETS_PURPOSE, legacy);
  }
}
