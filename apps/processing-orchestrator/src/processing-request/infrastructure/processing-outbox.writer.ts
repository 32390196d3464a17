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
import { ProcessingOutbox } from '../application/processing-outbox';
import type { ProcessingEffects, TaskCommand } from '../domain/processing-effects';
import type { ProcessingRequest } from '../domain/processing-request';

/** The message type (and so the topic) of each function's owner. */
function commandDefinition(fn: TaskFunction) {
  // users-recurring applies the subscription's rules, then payments charges and answers (ADR 0012).
  if (fn === 'user.resolve' || fn === 'recurring.charge') return UsersTaskCommandV1Message;
  if (fn === 'message.send') return NotifierTaskCommandV1Message;
  // The payout rules live in payouts, which passes a checked payout on to payments (ADR 0060).
  if (fn === 'payout') return PayoutsTaskCommandV1Message;
  return PaymentsTaskCommandV1Message; // card.*, transaction.*
}

function withoutReturnUrl(payload: Record<string, unknown>): Record<string, unknown> {
  const { acs_return_url: _partnerReturnUrl, ...rest } = payload;
  return rest;
}

/** Task commands to their owners' topics and the request-finished event, through the outbox. */
@Injectable()
export class ProcessingOutboxWriter extends ProcessingOutbox {
  constructor(@Inject(OutboxWriter) private readonly outbox: OutboxWriter) {
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
    // A card.payment's challenge returns to the task, whose TermUrl the gateway builds; the
    // partner's own acs_return_url stays here for the way back (ADR 0031, ADR 0007).
    const payload =
      task.function === 'card.payment' ? withoutReturnUrl(task.payload) : task.payload;
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
      // By GlobalId, not task id: one request's commands to one owner land on one partition, so a
      // level's tasks arrive in one fetch and apply in one transaction of the owner (ADR 0019).
      key: globalId,
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
}
