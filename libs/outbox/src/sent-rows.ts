import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/**
 * Deletes the rows the writer sent itself (ADR 0065), in one statement for the rows of every
 * commit sent since the last one. The delete does not wait for its WAL flush: if a crash loses it,
 * the rows' hold runs out and the relay sends them again, which consumers dedupe (inbox).
 */
export const DELETE_SENT = `
  WITH no_flush_wait AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true))
  DELETE FROM outbox_messages
   WHERE seq = ANY($1::bigint[]) AND EXISTS (SELECT 1 FROM no_flush_wait)`;

/** At most this many seqs in one delete. */
const SEQS_PER_DELETE = 5000;

/**
 * How long sent rows wait for the rows of later commits before their delete (ADR 0065 amended):
 * far inside their hold (10 s by default), so the relay never sees them, and under load one delete
 * serves the commits of this window instead of one each.
 */
export const SENT_ROWS_GATHER_MS = 50;

export class SentRows {
  private readonly logger = new Logger(SentRows.name);
  private pending: string[] = [];
  private draining: Promise<void> | undefined;
  private gathering: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly gatherMs = SENT_ROWS_GATHER_MS,
  ) {}

  delete(seqs: readonly string[]): void {
    this.pending.push(...seqs);
    if (!this.draining) this.gather();
  }

  /** Resolves once every row handed over so far is deleted (or its delete failed): no gathering. */
  async settled(): Promise<void> {
    while (this.gathering || this.draining) {
      if (this.gathering) this.drainNow();
      await this.draining;
    }
  }

  /** The next delete, once the window is over (at once for a full statement's worth). */
  private gather(): void {
    if (this.pending.length >= SEQS_PER_DELETE) this.drainNow();
    else if (!this.gathering && this.pending.length > 0) {
      this.gathering = setTimeout(() => this.drainNow(), this.gatherMs);
      this.gathering.unref();
    }
  }

  private drainNow(): void {
    clearTimeout(this.gathering);
    this.gathering = undefined;
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
      this.gather(); // rows sent while this delete ran wait for the next window
    });
  }

  /** Deletes what was pending when it started. */
  private async drain(): Promise<void> {
    const due = this.pending.splice(0);
    for (let at = 0; at < due.length; at += SEQS_PER_DELETE) {
      const seqs = due.slice(at, at + SEQS_PER_DELETE);
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
