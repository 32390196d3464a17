import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { MessageEnvelope } from '@opp/contracts';
import { backoffDelay, type MessageProducer } from '@opp/messaging';
import { OUTBOX_CHANNEL } from './outbox-schema.migration';

export interface OutboxRelayOptions {
  /** Connection string for the LISTEN connection (the pool's connections come and go). */
  databaseUrl: string;
  batchSize?: number;
  /** Safety net for a notification lost while the LISTEN connection reconnects; not the hot path. */
  safetyPollMs?: number;
  /** A message the broker refuses (not a broker outage) this many times is set aside. */
  maxAttempts?: number;
}

interface OutboxRow {
  seq: string;
  topic: string;
  envelope: MessageEnvelope;
  headers: Record<string, string>;
}

/** Serializes relays across replicas of one service: one sender at a time keeps per-key order. */
const RELAY_LOCK = 0x6f7574626f78; // "outbox"

/**
 * The one outbox relay. Woken by the commit of every transaction that wrote to the outbox (LISTEN/
 * NOTIFY), it claims a batch (FOR UPDATE SKIP LOCKED), sends it in one producer call, and deletes what
 * was sent in the same transaction. A crash between send and commit resends: consumers dedupe.
 */
export class OutboxRelay {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private listener?: Client;
  private running = false;
  private wakeAgain = false;
  private stopped = true;
  private failures = 0;
  private isolating = false;
  private pollTimer?: NodeJS.Timeout;
  private retryTimer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: MessageProducer,
    private readonly options: OutboxRelayOptions,
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.maxAttempts = options.maxAttempts ?? 10;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
    this.pollTimer = setInterval(() => this.wake(), this.options.safetyPollMs ?? 5000);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    clearTimeout(this.retryTimer);
    await this.listener?.end().catch(() => undefined);
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** Starts a drain, or asks the running one to go round once more. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    this.running = true;
    void this.drain().finally(() => (this.running = false));
  }

  private async drain(): Promise<void> {
    try {
      do {
        this.wakeAgain = false;
        while ((await this.relayBatch()) === this.batchSize && !this.stopped);
      } while (this.wakeAgain && !this.stopped);
      this.failures = 0;
      this.isolating = false;
    } catch (error) {
      this.failures++;
      const delay = backoffDelay(
        { attempts: 0, initialDelayMs: 200, maxDelayMs: 5000 },
        this.failures,
      );
      this.logger.warn({ msg: 'outbox relay failed, will retry', error: (error as Error).message });
      this.retryTimer = setTimeout(() => this.wake(), Math.max(delay, 100));
    }
  }

  private async relayBatch(): Promise<number> {
    const limit = this.isolating ? 1 : this.batchSize;
    const outcome = await this.dataSource.transaction(async (tx) => {
      const [{ locked }] = await tx.query<[{ locked: boolean }]>(
        'SELECT pg_try_advisory_xact_lock($1) AS locked',
        [RELAY_LOCK],
      );
      if (!locked) return { sent: 0 }; // another replica is sending; it drains what woke us
      const rows: OutboxRow[] = await tx.query(
        `SELECT seq, topic, envelope, headers FROM outbox_messages
         WHERE attempts < $2 ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit, this.maxAttempts],
      );
      if (rows.length === 0) return { sent: 0 };
      const seqs = rows.map((r) => r.seq);
      try {
        await this.producer.publish(
          rows.map((r) => ({ topic: r.topic, envelope: r.envelope, headers: r.headers })),
        );
      } catch (error) {
        if ((error as { retriable?: boolean }).retriable !== false) throw error; // outage: retry all
        await this.recordRefusal(tx, seqs, error as Error);
        return { sent: 0, refused: error as Error };
      }
      await tx.query('DELETE FROM outbox_messages WHERE seq = ANY($1::bigint[])', [seqs]);
      return { sent: rows.length };
    });
    if (outcome.refused) throw outcome.refused;
    // A full batch means there may be more; a single isolated message keeps the loop going too.
    return outcome.sent === limit ? this.batchSize : outcome.sent;
  }

  /**
   * The broker refused the batch (not an outage): count the attempt and send one message at a time
   * until the queue is drained, so that only the poison message is set aside after maxAttempts.
   */
  private async recordRefusal(tx: EntityManager, seqs: string[], error: Error): Promise<void> {
    this.isolating = true;
    this.logger.error({ msg: 'broker refused outbox messages', seqs, error: error.message });
    await tx.query(
      `UPDATE outbox_messages SET attempts = attempts + 1, last_error = $2
       WHERE seq = ANY($1::bigint[])`,
      [seqs, error.message.slice(0, 1000)],
    );
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.options.databaseUrl });
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      this.logger.warn({ msg: 'outbox LISTEN connection lost', error: error.message });
      void client.end().catch(() => undefined);
      if (!this.stopped) setTimeout(() => void this.listen().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    this.listener = client;
  }
}
