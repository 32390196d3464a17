/** The engine's tunables, read from the notifier's config once (see NotifierConfig). */
export interface DeliverySettings {
  /** Delays between attempts; the delivery is dead after the last one. */
  retrySchedule: readonly number[];
  timeoutMs: number;
  concurrency: number;
  pollIntervalMs: number;
  /** How long a claimed delivery stays with its replica before another may take it again. */
  leaseMs: number;
  /** The LISTEN connection's database. */
  databaseUrl: string;
}

export const DELIVERY_SETTINGS = Symbol('DELIVERY_SETTINGS');
