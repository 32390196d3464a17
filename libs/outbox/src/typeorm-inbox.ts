import type { DataSource, EntityManager } from 'typeorm';
import type { InboxApplied, InboxBatch, InboxPort } from '@opp/messaging';
import { InboxRun } from './inbox-run';

/**
 * The inbox over PostgreSQL. The inbox row and the handler's effects commit together; a concurrent
 * second delivery waits on the row's unique key and then sees it, so a message applies exactly once.
 * One message is a run of one: the same statements, the same guarantees (ADR 0065).
 */
export class TypeormInbox implements InboxPort<EntityManager> {
  constructor(private readonly dataSource: DataSource) {}

  once<T>(
    consumer: string,
    messageId: string,
    work: (tx: EntityManager) => Promise<T>,
  ): Promise<InboxApplied<T>> {
    return this.batch(consumer, [messageId], (run) => run.once(messageId, work));
  }

  batch<R>(
    consumer: string,
    messageIds: readonly string[],
    run: (batch: InboxBatch<EntityManager>) => Promise<R>,
  ): Promise<R> {
    return this.dataSource.transaction(async (tx) => {
      const claimed = await InboxRun.claim(tx, consumer, messageIds);
      const answer = await run(claimed);
      await claimed.recordResults();
      return answer;
    });
  }
}
