import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { TaskResultV1 } from '@opp/contracts';
import { redactPayload } from '../../domain/redaction';
import { TaskTreeEngine } from '../../domain/task-tree-engine';
import { ProcessingRequestRepository } from '../../infrastructure/processing-request.repository';
import { ProcessingEffects } from '../processing-effects';

/**
 * A function's owner answered a TaskCommand. Idempotent: a result for a task that is already over
 * (a redelivery, or a task that expired meanwhile) changes nothing.
 */
@Injectable()
export class ApplyTaskResultUseCase {
  private readonly logger = new Logger(ApplyTaskResultUseCase.name);

  constructor(
    private readonly repository: ProcessingRequestRepository,
    private readonly effects: ProcessingEffects,
  ) {}

  async execute(tx: EntityManager, result: TaskResultV1): Promise<void> {
    const globalId = await this.repository.globalIdOfTask(tx, result.taskId);
    if (!globalId || globalId !== result.globalId) {
      this.logger.warn({ msg: 'result for an unknown task', taskId: result.taskId });
      return;
    }
    const request = await this.repository.lock(tx, globalId);
    if (!request) return;
    const now = new Date();
    const engine = new TaskTreeEngine(await this.repository.tasks(tx, globalId), {
      now,
      sandbox: request.sandbox,
    });
    const task = engine.tasks.find((t) => t.id === result.taskId || t.authTaskId === result.taskId);
    if (!task) return;
    // After 3-D Secure the card.authenticate result decides; a late repeat of the first answer not.
    if (task.authTaskId && result.taskId === task.id && result.outcome === 'WAITING') return;
    const applied = engine.applyOutcome(task, {
      outcome: result.outcome,
      // Stored and answered in clear: whatever an owner put there, no card number stays whole.
      data: result.data && (redactPayload(result.data) as Record<string, unknown>),
      interactive: result.interactive,
      reason: result.reason,
    });
    if (!applied) return;
    await this.effects.save(tx, request, engine, now);
  }
}
