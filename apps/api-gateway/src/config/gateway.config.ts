import { isIP } from 'node:net';
import {
  IsIn,
  IsInt,
  IsIP,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  MinLength,
  ValidateBy,
} from 'class-validator';
import {
  DEV_CARD_DATA_PUBLIC_KEY,
  DEV_MERCHANT_SECRETS_KEKS,
  Env,
  IsKeyEncryptionKeys,
  IsPort,
  IsSealingPublicKey,
  serviceConfig,
  withPlatformKeyRing,
  withRecordKeys,
} from '@opp/config';

export const TRACE_RECORDING_VALUES = ['on', 'off'] as const;
export type TraceRecording = (typeof TRACE_RECORDING_VALUES)[number];

/** What the migration step reads: the database, not the listeners and secrets of the service. */
export class GatewayMigrationConfig extends serviceConfig('GATEWAY', 3000, 'opp_api_gateway') {}

export class GatewayConfig extends withRecordKeys(withPlatformKeyRing(GatewayMigrationConfig)) {
  /** ADR 0002: outside production it defaults to `dev-admin-token`; production must set it. */
  @Env('ADMIN_TOKEN', { secret: true, devDefault: 'dev-admin-token' })
  @IsString()
  @MinLength(8)
  adminToken: string;

  /**
   * Public base URL of the gateway: answers send users to its 3-D Secure page at
   * `<it>/acs/challenge` (ADR 0007, ADR 0031).
   */
  @Env('PUBLIC_GATEWAY_URL', { devDefault: 'http://127.0.0.1:3000' })
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  publicGatewayUrl: string;

  /**
   * The internal listener: the admin API (and other internal routes such as metrics) is served on
   * this port only, never on the public one (docs/security/edge-rules.md). Production must set it.
   */
  @Env('ADMIN_PORT', { devDefault: '3010' })
  @IsPort()
  @ValidateBy({
    name: 'differsFromPublicPort',
    validator: {
      validate: (value: unknown, args) => value !== (args?.object as GatewayConfig).port,
      defaultMessage: () => '$property must differ from GATEWAY_PORT',
    },
  })
  adminPort: number;

  /**
   * The address the internal listener binds (ADR 0061): loopback unless set, so a development
   * gateway never offers the admin API to its network. A container whose port is published or
   * reached through a Service sets `0.0.0.0` (docker-compose.yml, deploy/).
   */
  @Env('ADMIN_HOST', { default: '127.0.0.1' })
  @IsIP()
  adminHost: string;

  /** Admin calls per client address and minute; beyond it 429. */
  @Env('ADMIN_RATE_LIMIT_PER_MINUTE', { default: '600' })
  @IsInt()
  @Min(1)
  @Max(100000)
  adminRateLimitPerMinute: number;

  /**
   * Addresses or CIDR ranges of the proxies in front of the gateway whose `X-Forwarded-For` is
   * believed. Empty (the default): the client address is the socket's peer, so a client cannot pick
   * the address the per-IP limits count (ADR 0015).
   */
  @Env('TRUSTED_PROXIES', { default: '' })
  @ValidateBy({
    name: 'isProxyList',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.every(isAddressOrCidr),
      defaultMessage: () =>
        '$property must be a comma-separated list of IP addresses or CIDR ranges',
    },
  })
  trustedProxies: string[];

  /**
   * ADR 0010 SSRF guard, the notifier's variable: callback and notification URLs that production may
   * register although internal (host names, addresses or CIDR ranges).
   */
  @Env('DELIVERY_ALLOWED_HOSTS', { type: 'list' })
  @IsOptional()
  @IsString({ each: true })
  deliveryAllowedHosts?: string[];

  /** How long a rotated-out private key keeps verifying (ADR 0002). */
  @Env('KEY_ROTATION_GRACE_HOURS', { default: '24' })
  @IsInt()
  @Min(0)
  @Max(24 * 30)
  keyRotationGraceHours: number;

  /** How long the gateway waits for a service's answer before it answers 503. */
  @Env('GATEWAY_REQUEST_TIMEOUT_MS', { default: '5000' })
  @IsInt()
  @Min(100)
  @Max(30000)
  requestTimeoutMs: number;

  /**
   * `off`: the gateway records nothing for the money trace (ADR 0066): no request facts with a
   * signed request's answer, no message recorder. Traces then lack request and message steps. For
   * measuring what the recording costs a charge (the quick bench's `--trace-cpu` runs the card
   * load with it on and off), or to shed that cost; payments has the same switch for its trigger.
   */
  @Env('TRACE_RECORDING', { default: 'on' })
  @IsIn(TRACE_RECORDING_VALUES)
  traceRecording: TraceRecording;

  /**
   * The payments service's public key (`kid:base64` X25519 SPKI): card data is sealed to it before
   * it leaves the gateway, which cannot open it (docs/security/card-data.md).
   */
  @Env('CARD_DATA_PUBLIC_KEY', { devDefault: DEV_CARD_DATA_PUBLIC_KEY })
  @IsSealingPublicKey()
  cardDataPublicKey: string;

  /**
   * Key-encryption keys of merchant secrets at rest (project signing keys, partner secrets):
   * `kid:base64key[,...]`, 32-byte keys, the first active; only the gateway holds them. After a
   * new first entry, the key rotation worker re-wraps every row; an older KEK can leave once no
   * row uses it (docs/security/key-hierarchy.md).
   */
  @Env('MERCHANT_SECRETS_KEKS', { secret: true, devDefault: DEV_MERCHANT_SECRETS_KEKS })
  @IsKeyEncryptionKeys()
  merchantSecretsKeks: string;
}

function isAddressOrCidr(item: unknown): boolean {
  if (typeof item !== 'string') return false;
  const [address, bits, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}
