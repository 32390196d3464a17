import type { DataSource, EntityManager } from 'typeorm';
import type { InboxApplied, InboxBatch, InboxPort } from '@opp/messaging';

/**
 * The inbox over PostgreSQL. The inbox row and the handler's effects commit together; a concurrent
 * second delivery waits on the row's unique key and then sees it, so a message applies exactly once.
 */
export class TypeormInbox implements InboxPort<EntityManager> {
  constructor(private readonly dataSource: DataSource) {}

  once<T>(
    consumer: string,
    messageId: string,
    work: (tx: EntityManager) => Promise<T>,
  ): Promise<InboxApplied<T>> {
    return this.dataSource.transaction((tx) => applyOnce(tx, consumer, messageId, work));
  }

  batch<R>(consumer: string, run: (batch: InboxBatch<EntityManager>) => Promise<R>): Promise<R> {
    return this.dataSource.transaction((tx) =>
      run({ once: (messageId, work) => applyOnce(tx, consumer, messageId, work) }),
    );
  }
}

async function applyOnce<T>(
  tx: EntityManager,
  consumer: string,
  messageId: string,
  work: (tx: EntityManager) => Promise<T>,
): Promise<InboxApplied<T>> {
  const inserted: unknown[] = await tx.query(
    `INSERT INTO inbox_messages (consumer, message_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING message_id`,
    [consumer, messageId],
  );
  if (inserted.length === 0) {
    const rows: { result: T | null }[] = await tx.query(
      `SELECT result FROM inbox_messages WHERE consumer = $1 AND message_id = $2`,
      [consumer, messageId],
    );
    return { duplicate: true, result: rows[0]?.result ?? undefined };
  }
  const result = await work(tx);
  if (result !== undefined) {
    await tx.query(
      `UPDATE inbox_messages SET result = $3::jsonb WHERE consumer = $1 AND message_id = $2`,
      [consumer, messageId, JSON.stringify(result)],
    );
  }
  return { duplicate: false, result };
}
