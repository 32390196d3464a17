import { Injectable } from '@nestjs/common';
import type { TaskCommandV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { CreateDelivery } from '../../delivery/application/create-delivery';
import { messageRequest, parseMessageSend } from '../domain/message-send';
import { TaskResultReporter } from './task-result.reporter';

/**
 * ADR 0005 `message.send`: a webhook or an e-mail, delivered by the engine with its retries. The
 * task is answered when the delivery is final (TaskResultReporter); an invalid payload fails it at
 * once. The task id is the delivery's dedupe key, so a command delivered twice sends once.
 */
@Injectable()
export class SendMessageUseCase {
  constructor(
    private readonly createDelivery: CreateDelivery,
    private readonly results: TaskResultReporter,
  ) {}

  async execute(work: UnitOfWork, command: TaskCommandV1): Promise<void> {
    const task = { taskId: command.taskId, globalId: command.globalId };
    if (command.function !== 'message.send') {
      await this.results.fail(
        work,
        task,
        `function ${command.function} is not run by the notifier`,
      );
      return;
    }
    const parsed = parseMessageSend(command.payload);
    if (!parsed.ok) {
      await this.results.fail(work, task, parsed.reason);
      return;
    }
    const message = parsed.value;
    const { delivery, created } = await this.createDelivery.execute(work, {
      kind: message.channel === 'email' ? 'message-email' : 'message-webhook',
      dedupeKey: `message:${command.taskId}`,
      projectId: command.projectId,
      partnerIdentifier: command.partnerIdentifier,
      subject: command.taskId,
      request: messageRequest(message, task),
      task,
    });
    if (!created) await this.results.repeat(work, delivery);
  }
}
