import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '@opp/persistence';
import { ProcessingRequestStore } from '../processing-request.store';
import { RecordTransition } from '../record-transition';

/**
 * Durable timers: every task with a due_at in the past (a `wait` that is over, a running task past
 * its expiration.date) is settled, one request per transaction. A request locked by someone else
 * (a result being applied, another replica) is left for the next round.
 */
@Injectable()
export class FireDueTimersUseCase {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly store: ProcessingRequestStore,
    private readonly record: RecordTransition,
  ) {}

  /** Returns how many requests were looked at. */
  async execute(batch = 200): Promise<number> {
    const due = await this.store.due(new Date(), batch);
    for (const globalId of due) {
      await this.transactions.run(async (work) => {
        const request = await this.store.lock(work, globalId, { skipLocked: true });
        if (!request) return;
        await this.record.execute(work, request, request.fireTimers(new Date()));
      });
    }
    return due.length;
  }
}
