import { IsInt, Max, Min } from 'class-validator';
import { DEV_HOSTED_PAGE_KEYS } from './dev-key-hierarchy';
import { Env } from './env.decorator';
import { IsKeyRing } from './validators';

// TypeScript's mixin pattern needs exactly this constructor type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ConfigClass = new (...args: any[]) => object;

/**
 * What the services that hold encrypted records and hosted-page tokens (the gateway and payments)
 * both read: the hosted-page keys and the key rotation worker's batch size.
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
  }
  return RecordKeysConfig;
}
