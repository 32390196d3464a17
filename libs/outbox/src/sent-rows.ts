import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/**
 * Deletes the rows the writer sent itself (ADR 0044), in one statement for the rows of every
 * commit sent since the last one. The delete does not wait for its WAL flush: if a crash loses it,
 * the rows' hold runs out and the relay sends them again, which consumers dedupe (inbox).
 */
export const DELETE_SENT = `
  WITH no_flush_wait AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true))
  DELETE FROM outbox_messages
   WHERE seq = ANY($1::bigint[]) AND EXISTS (SELECT 1 FROM no_flush_wait)`;

/** At most this many seqs in one delete. */
const SEQS_PER_DELETE = 5000;

export class SentRows {
  private readonly logger = new Logger(SentRows.name);
  private pending: string[] = [];
  private draining: Promise<void> | undefined;

  constructor(private readonly dataSource: DataSource) {}

  delete(seqs: readonly string[]): void {
    this.pending.push(...seqs);
    this.draining ??= this.drain().finally(() => (this.draining = undefined));
  }

  /** Resolves once every row handed over so far is deleted (or its delete failed). */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const seqs = this.pending.splice(0, SEQS_PER_DELETE);
      try {
        await this.dataSource.query(DELETE_SENT, [seqs]);
      } catch (error) {
        // Left in the outbox: the relay sends them again once their hold runs out.
        this.logger.warn({
          msg: 'could not delete sent outbox rows; they will be sent again',
          count: seqs.length,
          error: (error as Error).message,
        });
      }
    }
  }
}
