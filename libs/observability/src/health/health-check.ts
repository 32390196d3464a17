import type { DataSource } from 'typeorm';

/** One readiness dependency. `check()` resolves when healthy and throws (with a reason) when not. */
export interface HealthCheck {
  name: string;
  check(): Promise<void>;
}

/** The service's database answers a trivial query. */
export function databaseCheck(dataSource: DataSource, name = 'database'): HealthCheck {
  return {
    name,
    async check() {
      if (!dataSource.isInitialized) throw new Error('not connected');
      await dataSource.query('SELECT 1');
    },
  };
}

/**
 * Readiness that another library tracks as a flag ("kafka consumer joined", "producer connected"):
 * down with `reason` while `isUp()` is false.
 */
export function flagCheck(name: string, isUp: () => boolean, reason: string): HealthCheck {
  return {
    name,
    async check() {
      if (!isUp()) throw new Error(reason);
    },
  };
}
