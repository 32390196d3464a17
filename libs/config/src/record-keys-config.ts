import { IsIn, IsInt, IsString, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { KEK_PROVIDERS, type KekProvider, type KekProviderSettings } from '@opp/crypto';
import { DEV_HOSTED_PAGE_KEYS } from './dev-key-hierarchy';
import { Env } from './env.decorator';
import { IsKeyRing, IsReadableFile } from './validators';

// TypeScript's mixin pattern needs exactly this constructor type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ConfigClass = new (...args: any[]) => object;

const isPkcs11 = (config: { kekProvider?: KekProvider }) => config.kekProvider === 'pkcs11';

/**
 * What the services that hold encrypted records and hosted-page tokens (the gateway and payments)
 * both read: the hosted-page keys, the key rotation worker's batch size, and where their
 * key-encryption keys live (ADR 0063).
 * Use: `class PaymentsConfig extends withRecordKeys(serviceConfig(...)) {}`.
 */
export function withRecordKeys<TBase extends ConfigClass>(Base: TBase) {
  class RecordKeysConfig extends Base {
    /** Rows the key rotation worker re-wraps per transaction. */
    @Env('KEY_ROTATION_BATCH_SIZE', { default: '200' })
    @IsInt()
    @Min(1)
    @Max(10_000)
    keyRotationBatchSize!: number;

    /**
     * Keys of hosted-page tokens (3-D Secure PaReq/PaRes, processing ACS-return redirects):
     * `kid:base64key[,...]`, the first active; the same value in the gateway and payments.
     * Rotation: put a new key first, drop the old one once its tokens have expired (an hour is
     * ample).
     */
    @Env('HOSTED_PAGE_KEYS', { secret: true, devDefault: DEV_HOSTED_PAGE_KEYS })
    @IsKeyRing()
    hostedPageKeys!: string;

    /**
     * Where the KEKs live (ADR 0063): `env`, the keys themselves in the purpose's variable
     * (`CARD_DATA_KEKS=kid:base64key,...`); `pkcs11`, keys in an HSM token that never leave it, the
     * variable naming their labels (`CARD_DATA_KEKS=kek-2,kek-1`).
     */
    @Env('KEK_PROVIDER', { default: 'env' })
    @IsIn(KEK_PROVIDERS)
    kekProvider!: KekProvider;

    /** The HSM's PKCS#11 library, e.g. `/usr/lib/softhsm/libsofthsm2.so`. */
    @Env('PKCS11_MODULE')
    @ValidateIf(isPkcs11)
    @IsReadableFile()
    pkcs11Module?: string;

    /** The label of the token holding the KEKs. */
    @Env('PKCS11_TOKEN_LABEL')
    @ValidateIf(isPkcs11)
    @IsString()
    @MinLength(1)
    pkcs11TokenLabel?: string;

    /** The token's user PIN. */
    @Env('PKCS11_PIN', { secret: true })
    @ValidateIf(isPkcs11)
    @IsString()
    @MinLength(4)
    pkcs11Pin?: string;

    /** What `keyEncryptionKeysFrom` takes (libs/crypto). */
    get kekProviderSettings(): KekProviderSettings {
      if (this.kekProvider !== 'pkcs11') return { provider: 'env' };
      return {
        provider: 'pkcs11',
        pkcs11: {
          module: this.pkcs11Module!,
          tokenLabel: this.pkcs11TokenLabel!,
          pin: this.pkcs11Pin!,
        },
      };
    }
  }
  return RecordKeysConfig;
}
