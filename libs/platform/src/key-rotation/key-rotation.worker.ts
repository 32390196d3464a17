import type { EnvelopeCipher } from '@opp/crypto';
import type { MetricsRegistry } from '@opp/observability';
import { PollingWorker } from '../polling-worker';
import type { EncryptedTable } from './encrypted-table';
import type { KeyRotationRepository } from './key-rotation.repository';

export interface KeyRotationOptions {
  readonly cipher: EnvelopeCipher;
  readonly tables: readonly EncryptedTable[];
  readonly batchSize: number;
  /** Pause between rounds once nothing is left to re-wrap. */
  readonly idleIntervalMs?: number;
}

const IDLE_INTERVAL_MS = 5_000;

/**
 * Re-wraps, in the background, every stored value whose data key is wrapped under an older KEK
 * than the active one (and turns legacy values into envelopes), batch by batch. Resumable and
 * idempotent by construction: what is pending is read from the rows themselves (their KEK id),
 * so a restart simply continues; running on several instances at once is safe (row locks).
 * Progress: a log line per batch and the gauge `opp_key_rotation_pending_rows{purpose,table}`.
 */
export class KeyRotationWorker extends PollingWorker {
  private announced = false;

  constructor(
    private readonly repository: KeyRotationRepository,
    private readonly options: KeyRotationOptions,
    metrics: MetricsRegistry,
  ) {
    super();
    const { cipher, tables } = options;
    metrics.gauge({
      name: 'opp_key_rotation_pending_rows',
      help: 'Stored rows whose data keys are not yet wrapped under the active key-encryption key',
      labelNames: ['purpose', 'table'],
      async collect() {
        for (const table of tables) {
          const pending = await repository.pendingRows(table, cipher.activeKekId);
          this.set({ purpose: cipher.purpose, table: table.table }, pending);
        }
      },
    });
  }

  protected intervalMs(): number {
    return this.options.idleIntervalMs ?? IDLE_INTERVAL_MS;
  }

  /** One batch of the first table with pending rows; `true` while there may be more. */
  protected async poll(): Promise<boolean> {
    const { cipher, tables, batchSize } = this.options;
    for (const table of tables) {
      const done = await this.repository.rewrapBatch(table, cipher.activeKekId, batchSize, (v) =>
        cipher.rewrap(v),
      );
      if (done === 0) continue;
      const pending = await this.repository.pendingRows(table, cipher.activeKekId);
      this.announced = true;
      this.logger.log({
        msg: 'key rotation: rows re-wrapped',
        purpose: cipher.purpose,
        table: table.table,
        kek: cipher.activeKekId,
        rewrapped: done,
        pending,
      });
      return true;
    }
    if (this.announced) {
      this.announced = false;
      this.logger.log({
        msg: 'key rotation: every row is under the active KEK',
        purpose: cipher.purpose,
        kek: cipher.activeKekId,
      });
    }
    return false;
  }
}
