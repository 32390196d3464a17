import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { MessageHeaders, type MessageEnvelope } from '@opp/contracts';
import { backoffDelay, type MessageProducer, type OutgoingMessage } from '@opp/messaging';
import { traceHeaderFields } from '@opp/observability';
import { PgListener, PollingLoop } from '@opp/scheduling';
import { CommittedSends } from './committed-sends';
import { sendCommittedRowsWith } from './outbox-buffer';
import { OUTBOX_CHANNEL } from './outbox-schema.migration';

export interface OutboxRelayOptions {
  /** Connection string for the LISTEN connection (the pool's connections come and go). */
  databaseUrl: string;
  batchSize?: number;
  /** Safety net for a notification lost while the LISTEN connection reconnects; not the hot path. */
  safetyPollMs?: number;
  /** A message the broker refuses (not a broker outage) this many times is set aside. */
  maxAttempts?: number;
  /**
   * How long rows their writer sends itself after its commit are left alone by the relay
   * (ADR 0065): past that (the writer died, or is stuck) the relay sends them.
   */
  committedHoldMs?: number;
}

/** Long enough for a slow broker round trip; short enough that a crashed writer's rows go soon. */
export const DEFAULT_COMMITTED_HOLD_MS = 10_000;

interface OutboxRow {
  seq: string;
  topic: string;
  envelope: MessageEnvelope;
  headers: Record<string, string>;
  correlation_id: string | null;
  traceparent: string | null;
  tracestate: string | null;
}

/** A row as it goes out: its correlation id and the writer's trace context become headers. */
function outgoing(row: OutboxRow): OutgoingMessage {
  const trace = row.traceparent
    ? { traceparent: row.traceparent, ...(row.tracestate ? { tracestate: row.tracestate } : {}) }
    : undefined;
  return {
    topic: row.topic,
    envelope: row.envelope,
    headers: {
      ...row.headers,
      ...(row.correlation_id ? { [MessageHeaders.correlationId]: row.correlation_id } : {}),
      ...traceHeaderFields(trace),
    },
  };
}

/** A message the broker refuses this many times is set aside unless the options say otherwise. */
export const DEFAULT_OUTBOX_MAX_ATTEMPTS = 10;

/** Serializes relays across replicas of one service: one sender at a time keeps per-key order. */
export const RELAY_LOCK = 0x6f7574626f78; // "outbox"

/**
 * Takes the relay lock and, only if it got it, deletes and returns the oldest batch: one round trip
 * where a lock, a select and a delete took three. The lock's result is an InitPlan that PostgreSQL
 * evaluates first, as a one-time filter over the claim, so a replica without the lock locks no
 * rows (which would make the sender skip them and send later messages first).
 */
export const CLAIM_BATCH = `
  WITH relay_lock AS MATERIALIZED (SELECT pg_try_advisory_xact_lock($3) AS held)
  DELETE FROM outbox_messages
   WHERE (SELECT held FROM relay_lock)
     AND seq IN (SELECT seq FROM outbox_messages
                  WHERE attempts < $2 AND (held_until IS NULL OR held_until <= now())
                  ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)
  RETURNING seq, topic, envelope, headers, correlation_id, traceparent, tracestate`;

/**
 * The one outbox relay. While it runs, a committed transaction's rows are sent by their writer
 * right after the commit (CommittedSends, ADR 0065); the relay sends what that leaves: rows
 * written outside a transaction, rows whose send failed, rows of a writer that died. Woken by
 * the commit of such rows (LISTEN/NOTIFY), it claims a batch by deleting it, sends it in one
 * producer call, and commits the delete once the broker has it. A crash between send and commit
 * resends: consumers dedupe.
 */
export class OutboxRelay {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly loop: PollingLoop;
  private readonly listener: PgListener;
  private readonly committed: CommittedSends;
  private isolating = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: MessageProducer,
    options: OutboxRelayOptions,
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_OUTBOX_MAX_ATTEMPTS;
    this.loop = new PollingLoop({
      intervalMs: options.safetyPollMs ?? 5000,
      run: () => this.relayBatch(),
      retryDelayMs: (failures) =>
        Math.max(
          100,
          backoffDelay({ attempts: 0, initialDelayMs: 200, maxDelayMs: 5000 }, failures),
        ),
      onError: (error) =>
        this.logger.warn({
          msg: 'outbox relay failed, will retry',
          error: (error as Error).message,
        }),
    });
    this.committed = new CommittedSends(
      dataSource,
      producer,
      options.committedHoldMs ?? DEFAULT_COMMITTED_HOLD_MS,
      this.maxAttempts,
      () => this.wake(),
    );
    this.listener = new PgListener(
      options.databaseUrl,
      OUTBOX_CHANNEL,
      () => this.wake(),
      (error) => this.logger.warn({ msg: 'outbox LISTEN connection lost', error: error.message }),
    );
  }

  async start(): Promise<void> {
    await this.listener.start();
    this.loop.start();
    sendCommittedRowsWith(this.dataSource, this.committed);
  }

  /** Sends started by commits finish (or are released) before the relay and the pool stop. */
  async stop(): Promise<void> {
    sendCommittedRowsWith(this.dataSource, undefined);
    await this.committed.settled();
    await this.listener.stop();
    await this.loop.stop();
  }

  /** Sends what is waiting now (also called by the commit notification). */
  wake(): void {
    this.loop.wake();
  }

  /**
   * One batch; true when there may be more right away. One statement takes the relay lock and
   * claims the batch by deleting it (CLAIM_BATCH); the transaction commits only once the broker
   * has the messages, so a failed send or a crash leaves them in the outbox.
   */
  private async relayBatch(): Promise<boolean> {
    const limit = this.isolating ? 1 : this.batchSize;
    let refused: { seqs: string[]; error: Error } | undefined;
    const sent = await this.dataSource
      .transaction(async (tx) => {
        const [rows] = await tx.query<[OutboxRow[], number]>(CLAIM_BATCH, [
          limit,
          this.maxAttempts,
          RELAY_LOCK,
        ]);
        if (rows.length === 0) return 0; // empty, or another replica is sending
        // DELETE ... RETURNING keeps no order: the outbox's order is the sequence's.
        rows.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
        try {
          await this.producer.publish(rows.map(outgoing));
        } catch (error) {
          if ((error as { retriable?: boolean }).retriable !== false) throw error; // outage: retry all
          refused = { seqs: rows.map((r) => r.seq), error: error as Error };
          throw error; // roll the claim back; the refusal is recorded below
        }
        return rows.length;
      })
      .catch((error: unknown) => {
        if (refused) return 0;
        throw error;
      });
    if (refused) {
      await this.recordRefusal(refused.seqs, refused.error);
      throw refused.error;
    }
    if (sent === 0) {
      this.isolating = false; // drained: back to whole batches
      await this.committed.relayClaimedNothing();
    }
    // A full batch means there may be more; a single isolated message keeps the loop going too.
    return sent === limit;
  }

  /**
   * The broker refused the batch (not an outage): count the attempt and send one message at a time
   * until the queue is drained, so that only the poison message is set aside after maxAttempts.
   */
  private async recordRefusal(seqs: string[], error: Error): Promise<void> {
    this.isolating = true;
    this.logger.error({ msg: 'broker refused outbox messages', seqs, error: error.message });
    await this.dataSource.query(
      `UPDATE outbox_messages SET attempts = attempts + 1, last_error = $2
       WHERE seq = ANY($1::bigint[])`,
      [seqs, error.message.slice(0, 1000)],
    );
  }
}
