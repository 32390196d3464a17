import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  replyError,
  replyOk,
  type Reply,
  type ResumeProcessingTaskResultV1,
  type ResumeProcessingTaskV1,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { TaskTreeEngine } from '../../domain/task-tree-engine';
import { ProcessingRequestRepository } from '../../infrastructure/processing-request.repository';
import { ProcessingEffects } from '../processing-effects';

/**
 * The user is back from the 3-D Secure page of a WAITING card.payment task (ADR 0005): send
 * card.authenticate with PaRes and MD; its result ends the payment task and the tree goes on.
 * Coming back twice sends nothing more; the user is sent on to the partner's own acs_return_url
 * either way.
 */
@Injectable()
export class ResumeTaskUseCase {
  constructor(
    private readonly repository: ProcessingRequestRepository,
    private readonly effects: ProcessingEffects,
  ) {}

  async execute(
    tx: EntityManager,
    command: ResumeProcessingTaskV1,
  ): Promise<Reply<ResumeProcessingTaskResultV1>> {
    const request = await this.repository.lock(tx, command.globalId);
    const tasks = request ? await this.repository.tasks(tx, command.globalId) : [];
    const task = tasks.find((t) => t.id === command.taskId && t.type === 'card.payment');
    if (!request || !task) {
      return replyError(ErrorCode.ResourceNotFound, 'NOT_FOUND: Unknown task');
    }
    if (task.status === 'WAITING' && !task.authTaskId) {
      const now = new Date();
      const engine = new TaskTreeEngine(tasks, { now, sandbox: request.sandbox });
      const authTaskId = randomUUID();
      engine.resume(task, authTaskId);
      const authenticate = this.effects.command(request, authTaskId, 'card.authenticate', {
        PaRes: command.paRes ?? '',
        MD: command.md ?? '',
      });
      await this.effects.save(tx, request, engine, now, [authenticate]);
    }
    return replyOk({ redirectUrl: task.partnerReturnUrl });
  }
}
