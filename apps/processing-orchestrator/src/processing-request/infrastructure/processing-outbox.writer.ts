import { Inject, Injectable } from '@nestjs/common';
import {
  NotifierTaskCommandV1Message,
  PaymentsTaskCommandV1Message,
  PayoutsTaskCommandV1Message,
  RequestFinishedV1Message,
  UsersTaskCommandV1Message,
  type TaskCommandV1,
  type TaskFunction,
} from '@opp/contracts';
import { OutboxWriter, type PendingMessage } from '@opp/outbox';
import type { UnitOfWork } from '@opp/persistence';
import { ProcessingOrchestratorConfig } from '../../config/processing-orchestrator.config';
import { ProcessingOutbox } from '../application/processing-outbox';
import type { ProcessingEffects, TaskCommand } from '../domain/processing-effects';
import type { ProcessingRequest } from '../domain/processing-request';

/** The message type (and so the topic) of each function's owner. */
function commandDefinition(fn: TaskFunction) {
  // users-recurring applies the subscription's rules, then payments charges and answers (ADR 0012).
  if (fn === 'user.resolve' || fn === 'recurring.charge') return UsersTaskCommandV1Message;
  if (fn === 'message.send') return NotifierTaskCommandV1Message;
  // The payout rules live in payouts, which passes a checked payout on to payments (ADR 0026).
  if (fn === 'payout') return PayoutsTaskCommandV1Message;
  return PaymentsTaskCommandV1Message; // card.*, transaction.*
}

/** Task commands to their owners' topics and the request-finished event, through the outbox. */
@Injectable()
export class ProcessingOutboxWriter extends ProcessingOutbox {
  constructor(
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(ProcessingOrchestratorConfig) private readonly config: ProcessingOrchestratorConfig,
  ) {
    super();
  }

  async publish(
    work: UnitOfWork,
    request: ProcessingRequest,
    effects: ProcessingEffects,
  ): Promise<void> {
    const messages = effects.commands.map((command) => this.command(request, command));
    if (effects.finishedAt) messages.push(this.finished(request, effects.finishedAt));
    await this.outbox.add(work, messages);
  }

  private command(request: ProcessingRequest, task: TaskCommand): PendingMessage {
    const { globalId, projectId, partnerIdentifier, userIp } = request.snapshot;
    const payload =
      task.function === 'card.payment'
        ? { ...task.payload, acs_return_url: this.termUrl(globalId, task.taskId) }
        : task.payload;
    const command: TaskCommandV1 = {
      taskId: task.taskId,
      globalId,
      function: task.function,
      projectId,
      partnerIdentifier,
      payload,
      ...(userIp ? { userIp } : {}),
    };
    return {
      definition: commandDefinition(task.function),
      key: task.taskId,
      payload: command,
      options: { correlationId: globalId },
    };
  }

  private finished(request: ProcessingRequest, at: Date): PendingMessage {
    const { globalId, partnerIdentifier, targets } = request.snapshot;
    return {
      definition: RequestFinishedV1Message,
      key: globalId,
      payload: { globalId, partnerIdentifier, targets, finishedAt: at.toISOString() },
      options: { correlationId: globalId },
    };
  }

  /** The gateway's page the ACS posts the user back to (ADR 0007). */
  private termUrl(globalId: string, taskId: string): string {
    const base = this.config.publicGatewayUrl.replace(/\/+$/, '');
    return `${base}/processing/acs-return/${globalId}/${taskId}`;
  }
}
