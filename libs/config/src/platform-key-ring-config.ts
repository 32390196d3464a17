import { IsOptional } from 'class-validator';
import { DEV_SECRETS_KEYS } from './dev-key-hierarchy';
import { Env } from './env.decorator';
import { IsKeyRing } from './validators';

// TypeScript's mixin pattern needs exactly this constructor type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ConfigClass = new (...args: any[]) => object;

/**
 * The platform key ring, SECRETS_KEYS (ADR 0063): only the services that use it read it, the
 * gateway (replay guard, the signing snapshots it publishes), the notifier (it signs callbacks and
 * partner notifications) and the orchestrator (its task payloads). Payouts and users-recurring start
 * without it; payments reads it only while card rows from before envelopes remain
 * (`withLegacyKeyRing`).
 * Use: `class NotifierConfig extends withPlatformKeyRing(serviceConfig(...)) {}`.
 */
export function withPlatformKeyRing<TBase extends ConfigClass>(Base: TBase) {
  class PlatformKeyRingConfig extends Base {
    /** `kid:base64key[,...]`, 32-byte keys, the first active (docs/security/key-hierarchy.md). */
    @Env('SECRETS_KEYS', { secret: true, devDefault: DEV_SECRETS_KEYS })
    @IsKeyRing()
    secretsKeys!: string;
  }
  return PlatformKeyRingConfig;
}

/**
 * SECRETS_KEYS where it only reads values written before envelopes existed (payments' `v1.`
 * vault rows, ADR 0063): optional in production, and needed only until the key rotation has
 * converted them; the development default still applies outside production, and its literal is
 * refused in production like every development secret.
 */
export function withLegacyKeyRing<TBase extends ConfigClass>(Base: TBase) {
  class LegacyKeyRingConfig extends Base {
    @Env('SECRETS_KEYS', { secret: true, devDefault: DEV_SECRETS_KEYS })
    @IsOptional()
    @IsKeyRing()
    secretsKeys?: string;
  }
  return LegacyKeyRingConfig;
}
