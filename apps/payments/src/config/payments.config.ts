import { IsIn, IsInt, IsUrl, Max, Min, ValidateBy } from 'class-validator';
import {
  DEV_CARD_DATA_PRIVATE_KEYS,
  Env,
  IsOpeningKeyRing,
  serviceConfig,
  type RuntimeEnvConfig,
} from '@opp/config';

export const TEMPORARY_TOKEN_SECONDS = 600;

/**
 * The bank adapters payments can charge live projects with; `none` leaves live projects refused
 * (42201). No bank connector exists in this repository yet: one adds its name here.
 */
export const ACQUIRER_ADAPTERS = ['none'] as const;
export type AcquirerAdapterName = (typeof ACQUIRER_ADAPTERS)[number];

/** A test-only shortening of a spec limit: outside production any value the other rules allow. */
const KeepsSpecValueInProduction = (specValue: number) =>
  ValidateBy({
    name: 'keepsSpecValueInProduction',
    validator: {
      validate: (value: unknown, args) =>
        (args?.object as RuntimeEnvConfig).nodeEnv !== 'production' || value === specValue,
      defaultMessage: () => '$property cannot be changed in production',
    },
  });

export class PaymentsConfig extends serviceConfig('PAYMENTS', 3002, 'opp_payments') {
  /**
   * Public base URL of the gateway: the 3-D Secure page lives at `<it>/acs/challenge` (ADR 0007).
   */
  @Env('PUBLIC_GATEWAY_URL', { devDefault: 'http://127.0.0.1:3000' })
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  publicGatewayUrl: string;

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
   * The acquirer adapter for live projects; sandbox projects always use the sandbox acquirer (ADR
   * 0006). In production payments refuses to start with `none` while live projects exist.
   */
  @Env('ACQUIRER_ADAPTER', { default: 'none' })
  @IsIn(ACQUIRER_ADAPTERS)
  acquirerAdapter: AcquirerAdapterName;
}
