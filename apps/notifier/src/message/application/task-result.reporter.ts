import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { taskResultMessage, type TaskOutcome } from '@opp/contracts';
import { OutboxWriter } from '@opp/outbox';
import { DeliveryFinalListener } from '../../delivery/application/delivery-final.listener';
import type { Delivery, DeliveryTask } from '../../delivery/domain/delivery';
import { DeliveryRepository } from '../../delivery/infrastructure/delivery.repository';

export type ReportedOutcome = Exclude<TaskOutcome, 'WAITING'>;

/**
 * `message.send` answers its task once its delivery is final: SUCCESS once delivered, FAIL when it
 * is dead. The first answer is the task's answer: a later replay of a dead message delivers it but
 * reports nothing new, and a repeated command gets the same answer again.
 */
@Injectable()
export class TaskResultReporter extends DeliveryFinalListener {
  constructor(
    private readonly outbox: OutboxWriter,
    private readonly deliveries: DeliveryRepository,
  ) {
    super();
  }

  async onFinal(tx: EntityManager, delivery: Delivery): Promise<void> {
    if (!delivery.task || delivery.reportedOutcome) return;
    const outcome: ReportedOutcome = delivery.status === 'succeeded' ? 'SUCCESS' : 'FAIL';
    await this.deliveries.markReported(tx, delivery.id, outcome);
    await this.publish(tx, delivery.task, outcome, delivery);
  }

  /** Answers again what was answered before (a command delivered twice). */
  async repeat(tx: EntityManager, delivery: Delivery): Promise<void> {
    if (!delivery.task || !delivery.reportedOutcome) return;
    await this.publish(tx, delivery.task, delivery.reportedOutcome, delivery);
  }

  async fail(tx: EntityManager, task: DeliveryTask, reason: string): Promise<void> {
    await this.outbox.add(tx, [
      taskResultMessage({
        taskId: task.taskId,
        globalId: task.globalId,
        outcome: 'FAIL',
        reason,
        completedAt: new Date().toISOString(),
      }),
    ]);
  }

  private async publish(
    tx: EntityManager,
    task: DeliveryTask,
    outcome: ReportedOutcome,
    delivery: Delivery,
  ): Promise<void> {
    if (outcome === 'FAIL') {
      await this.fail(tx, task, `message not delivered: ${delivery.lastError ?? 'unknown error'}`);
      return;
    }
    const request = delivery.request;
    await this.outbox.add(tx, [
      taskResultMessage({
        taskId: task.taskId,
        globalId: task.globalId,
        outcome: 'SUCCESS',
        data: {
          channel: request.channel === 'email' ? 'email' : 'webhook',
          to: request.channel === 'email' ? request.to : request.url,
        },
        completedAt: (delivery.succeededAt ?? new Date()).toISOString(),
      }),
    ]);
  }
}
