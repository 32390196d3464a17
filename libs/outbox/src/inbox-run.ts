import type { EntityManager } from 'typeorm';
import type { InboxApplied, InboxBatch } from '@opp/messaging';
import { holdUntilCommit } from './outbox-buffer';
import { storeInboxResults } from './outbox-rows';

// One statement claims every message of a run: the ids new to this consumer come back, the others
// were applied before (ADR 0065). A concurrent claim of the same id waits on its unique key.
const CLAIM = `INSERT INTO inbox_messages (consumer, message_id)
  SELECT $1, claimed.id FROM unnest($2::uuid[]) AS claimed(id)
  ON CONFLICT DO NOTHING RETURNING message_id`;

const STORED = `SELECT message_id, result FROM inbox_messages
  WHERE consumer = $1 AND message_id = ANY($2::uuid[])`;

/** Where a claimed message stands in its run; `json` is its result as stored (none: no result). */
type Entry = { state: 'new' } | { state: 'answered'; json: string | null };

// A uuid comes back from PostgreSQL in lower case; an envelope may carry it in upper case.
const keyOf = (messageId: string) => messageId.toLowerCase();

/**
 * The inbox records of one run of messages in its transaction (ADR 0065): claimed together before
 * the first handler, results written together before the commit (ADR 0065). A message already
 * applied (before, or earlier in this run) answers its stored result and its handler is not run.
 */
export class InboxRun implements InboxBatch<EntityManager> {
  private readonly applied: { messageId: string; json: string }[] = [];

  private constructor(
    private readonly tx: EntityManager,
    private readonly consumer: string,
    private readonly entries: Map<string, Entry>,
  ) {}

  static async claim(
    tx: EntityManager,
    consumer: string,
    messageIds: readonly string[],
  ): Promise<InboxRun> {
    const ids = [...new Set(messageIds.map(keyOf))];
    const entries = new Map<string, Entry>();
    if (ids.length === 0) return new InboxRun(tx, consumer, entries);
    const fresh: { message_id: string }[] = await tx.query(CLAIM, [consumer, ids]);
    for (const { message_id } of fresh) entries.set(keyOf(message_id), { state: 'new' });
    const seen = ids.filter((id) => !entries.has(id));
    if (seen.length > 0) {
      const stored: { message_id: string; result: unknown }[] = await tx.query(STORED, [
        consumer,
        seen,
      ]);
      for (const { message_id, result } of stored) {
        const json = result === null ? null : JSON.stringify(result);
        entries.set(keyOf(message_id), { state: 'answered', json });
      }
    }
    return new InboxRun(tx, consumer, entries);
  }

  async once<T>(
    messageId: string,
    work: (tx: EntityManager) => Promise<T>,
  ): Promise<InboxApplied<T>> {
    const key = keyOf(messageId);
    const entry = this.entries.get(key);
    if (!entry) throw new Error(`message ${messageId} was not claimed by this inbox run`);
    if (entry.state === 'answered') {
      const result = entry.json === null ? undefined : (JSON.parse(entry.json) as T);
      return { duplicate: true, result };
    }
    const result = await work(this.tx);
    const json = result === undefined ? null : JSON.stringify(result);
    this.entries.set(key, { state: 'answered', json });
    if (json !== null) this.applied.push({ messageId: key, json });
    return { duplicate: false, result };
  }

  /**
   * Stores the results of the run's handlers in its transaction: held for the commit and written
   * in the statement of the run's outbox rows (ADR 0065), or at once outside a transaction.
   */
  async recordResults(): Promise<void> {
    if (this.applied.length === 0) return;
    const results = this.applied.map((a) => ({ consumer: this.consumer, ...a }));
    if (!holdUntilCommit(this.tx, [], results)) await storeInboxResults(this.tx, results);
  }
}
