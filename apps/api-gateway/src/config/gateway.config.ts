import { IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { DEV_CARD_DATA_PUBLIC_KEY, Env, IsSealingPublicKey, serviceConfig } from '@opp/config';

export class GatewayConfig extends serviceConfig('GATEWAY', 3000, 'opp_api_gateway') {
  /** ADR 0002: outside production it defaults to `dev-admin-token`; production must set it. */
  @Env('ADMIN_TOKEN', { secret: true, devDefault: 'dev-admin-token' })
  @IsString()
  @MinLength(8)
  adminToken: string;

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
   * The payments service's public key (`kid:base64` X25519 SPKI): card data is sealed to it before
   * it leaves the gateway, which cannot open it (docs/security/card-data.md).
   */
  @Env('CARD_DATA_PUBLIC_KEY', { devDefault: DEV_CARD_DATA_PUBLIC_KEY })
  @IsSealingPublicKey()
  cardDataPublicKey: string;
}
