import { IsIn, IsInt, Max, Min } from 'class-validator';
import {
  DEV_CARD_DATA_KEKS,
  DEV_CARD_DATA_PRIVATE_KEYS,
  DEV_CARD_FINGERPRINT_KEY,
  Env,
  IsFingerprintKey,
  IsKeyEncryptionKeys,
  IsOpeningKeyRing,
  KeepsSpecValueInProduction,
  serviceConfig,
  withLegacyKeyRing,
  withRecordKeys,
} from '@opp/config';

export const TEMPORARY_TOKEN_SECONDS = 600;
export const SECONDS_PER_DAY = 86400;

/**
 * The bank adapters payments can charge live projects with; `none` leaves live projects refused
 * (42201). No bank connector exists in this repository yet: one adds its name here.
 */
export const ACQUIRER_ADAPTERS = ['none'] as const;
export type AcquirerAdapterName = (typeof ACQUIRER_ADAPTERS)[number];

// SECRETS_KEYS only reads card rows from before envelopes (ADR 0063).
export class PaymentsConfig extends withRecordKeys(
  withLegacyKeyRing(serviceConfig('PAYMENTS', 3002, 'opp_payments')),
) {
  /** Lifetime of a temporary card token: 10 minutes by the spec; tests shorten it to see expiry. */
  @Env('CARD_TOKEN_TTL_SECONDS', { default: String(TEMPORARY_TOKEN_SECONDS) })
  @IsInt()
  @Min(1)
  @Max(TEMPORARY_TOKEN_SECONDS)
  @KeepsSpecValueInProduction(TEMPORARY_TOKEN_SECONDS)
  cardTokenTtlSeconds: number;

  /**
   * Opens the card data the gateway sealed: `kid:base64[,kid:base64...]` X25519 private keys, the
   * current one first; older ones stay while boxes sealed to them may be in flight
   * (docs/security/card-data.md).
   */
  @Env('CARD_DATA_PRIVATE_KEYS', { secret: true, devDefault: DEV_CARD_DATA_PRIVATE_KEYS })
  @IsOpeningKeyRing()
  cardDataPrivateKeys: string;

  /**
   * Key-encryption keys of the card vault (PAN, security codes): `kid:base64key[,...]`, 32-byte
   * keys, the first active. Only payments holds them. After adding a new first entry, the key
   * rotation worker re-wraps every row; an older KEK can leave once no row uses it
   * (docs/security/key-hierarchy.md).
   */
  @Env('CARD_DATA_KEKS', { secret: true, devDefault: DEV_CARD_DATA_KEKS })
  @IsKeyEncryptionKeys()
  cardDataKeks: string;

  /**
   * The PAN fingerprint key (`kid:base64key`, one entry): never rotated with the KEKs, so a card
   * vaulted before a rotation is found again after it (docs/security/key-hierarchy.md).
   */
  @Env('CARD_FINGERPRINT_KEY', { secret: true, devDefault: DEV_CARD_FINGERPRINT_KEY })
  @IsFingerprintKey()
  cardFingerprintKey: string;

  /**
   * The acquirer adapter for live projects; sandbox projects always use the sandbox acquirer (ADR
   * 0006). In production payments refuses to start with `none` while live projects exist.
   */
  @Env('ACQUIRER_ADAPTER', { default: 'none' })
  @IsIn(ACQUIRER_ADAPTERS)
  acquirerAdapter: AcquirerAdapterName;

  /**
   * The length of a rolling-reserve "day" (ADR 0027): tests shorten it to see a reserve come back;
   * production refuses anything but a real day.
   */
  @Env('RESERVE_DAY_SECONDS', { default: String(SECONDS_PER_DAY) })
  @IsInt()
  @Min(1)
  @Max(SECONDS_PER_DAY)
  @KeepsSpecValueInProduction(SECONDS_PER_DAY)
  reserveDaySeconds: number;

  /**
   * `off`: the status-history trigger records no row (ADR 0066): each connection carries the
   * setting `opp.trace_recording=off`, which the trigger's condition reads. Traces then lack state
   * steps. For measuring what the recording costs a charge (the quick bench's `--trace-cpu`), or
   * to shed that cost; the gateway has the same switch for what it records.
   */
  @Env('TRACE_RECORDING', { default: 'on' })
  @IsIn(['on', 'off'])
  traceRecording: 'on' | 'off';
}
