import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { Env, IsPort, serviceConfig, withPlatformKeyRing } from '@opp/config';
import { DEFAULT_RETRY_SCHEDULE, RETRY_SCHEDULE_PATTERN } from '../delivery/domain/retry-schedule';

// The notifier signs callbacks and partner notifications with the secrets of the signing snapshots (ADR 0063).
export class NotifierConfig extends withPlatformKeyRing(
  serviceConfig('NOTIFIER', 3004, 'opp_notifier'),
) {
  /**
   * ADR 0010: delays between attempts (`30s,1m,5m,...`); dead after the last. Default about 3 days.
   */
  @Env('DELIVERY_RETRY_SCHEDULE', { default: DEFAULT_RETRY_SCHEDULE })
  @Matches(RETRY_SCHEDULE_PATTERN, {
    message: '$property must be a comma-separated list of durations such as 30s,1m,5m,1h,1d',
  })
  deliveryRetrySchedule: string;

  /**
   * ADR 0010 SSRF guard: hosts, addresses or CIDR ranges that production may reach although
   * internal.
   */
  @Env('DELIVERY_ALLOWED_HOSTS', { type: 'list' })
  @IsOptional()
  @IsString({ each: true })
  deliveryAllowedHosts?: string[];

  /** ADR 0010: an answer must come within 10 seconds. */
  @Env('DELIVERY_TIMEOUT_MS', { default: '10000' })
  @IsInt()
  @Min(100)
  @Max(60_000)
  deliveryTimeoutMs: number;

  /** Attempts in flight at once per replica. */
  @Env('DELIVERY_CONCURRENCY', { default: '32' })
  @IsInt()
  @Min(1)
  @Max(1000)
  deliveryConcurrency: number;

  /**
   * The longest pause of the idle scheduler: new deliveries, retries and freed slots wake it, and it
   * sleeps until the next due one (ADR 0065); this only bounds a missed wake.
   */
  @Env('DELIVERY_POLL_INTERVAL_MS', { default: '30000' })
  @IsInt()
  @Min(50)
  @Max(300_000)
  deliveryPollIntervalMs: number;

  /** Consecutive connection failures (refused, reset, timeout, DNS) that open a destination (ADR 0033). */
  @Env('DELIVERY_BREAKER_THRESHOLD', { default: '5' })
  @IsInt()
  @Min(1)
  @Max(1000)
  deliveryBreakerThreshold: number;

  /** The first cool-down of an open destination; it doubles with each failed probe. */
  @Env('DELIVERY_BREAKER_COOL_DOWN_MS', { default: '10000' })
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  deliveryBreakerCoolDownMs: number;

  /** The longest cool-down. */
  @Env('DELIVERY_BREAKER_MAX_COOL_DOWN_MS', { default: '600000' })
  @IsInt()
  @Min(10)
  @Max(86_400_000)
  deliveryBreakerMaxCoolDownMs: number;

  /** `message.send` by e-mail. Without SMTP_HOST (production default) e-mail messages fail. */
  @Env('SMTP_HOST', { devDefault: '127.0.0.1' })
  @IsOptional()
  @IsString()
  smtpHost?: string;

  @Env('SMTP_PORT', { default: '1025' })
  @IsPort()
  smtpPort: number;

  @Env('SMTP_FROM', { devDefault: 'OPP Notifier <notifier@localhost>' })
  @IsOptional()
  @IsString()
  smtpFrom?: string;

  @Env('SMTP_USER', { secret: true })
  @IsOptional()
  @IsString()
  smtpUser?: string;

  @Env('SMTP_PASSWORD', { secret: true })
  @IsOptional()
  @IsString()
  smtpPassword?: string;
}
