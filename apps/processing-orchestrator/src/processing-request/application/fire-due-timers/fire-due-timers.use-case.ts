import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TaskTreeEngine } from '../../domain/task-tree-engine';
import { ProcessingRequestRepository } from '../../infrastructure/processing-request.repository';
import { ProcessingEffects } from '../processing-effects';

/**
 * Durable timers: every task with a due_at in the past (a `wait` that is over, a running task past
 * its expiration.date) is settled, one request per transaction. A request locked by someone else
 * (a result being applied, another replica) is left for the next round.
 */
@Injectable()
export class FireDueTimersUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: ProcessingRequestRepository,
    private readonly effects: ProcessingEffects,
  ) {}

  /** Returns how many requests were looked at. */
  async execute(batch = 200): Promise<number> {
    const due = await this.repository.due(this.dataSource.manager, new Date(), batch);
    for (const globalId of due) {
      await this.dataSource.transaction(async (tx) => {
        const request = await this.repository.lock(tx, globalId, true);
        if (!request) return;
        const now = new Date();
        const engine = new TaskTreeEngine(await this.repository.tasks(tx, globalId), {
          now,
          sandbox: request.sandbox,
        });
        engine.fireTimers();
        await this.effects.save(tx, request, engine, now);
      });
    }
    return due.length;
  }
}
