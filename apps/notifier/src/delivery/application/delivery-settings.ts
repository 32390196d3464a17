import type { BreakerPolicy } from '../domain/destination-breaker';

/** The engine's tunables, read from the notifier's config once (see NotifierConfig). */
export interface DeliverySettings {
  /** Delays between attempts; the delivery is dead after the last one. */
  retrySchedule: readonly number[];
  timeoutMs: number;
  concurrency: number;
  pollIntervalMs: number;
  /** How long a claimed delivery stays with its replica before another may take it again. */
  leaseMs: number;
  /** When a destination's circuit breaker opens, and for how long (ADR 0033). */
  breaker: BreakerPolicy;
  /** The LISTEN connection's database. */
  databaseUrl: string;
}

export const DELIVERY_SETTINGS = Symbol('DELIVERY_SETTINGS');
