import { Injectable } from '@nestjs/common';
import { taskResultMessage } from '@opp/contracts';
import { OutboxWriter } from '@opp/outbox';
import type { UnitOfWork } from '@opp/persistence';
import { DeliveryFinalListener } from '../../delivery/application/delivery-final.listener';
import { DeliveryStore } from '../../delivery/application/delivery.store';
import type { Delivery, DeliveryTask, ReportedOutcome } from '../../delivery/domain/delivery';

/**
 * `message.send` answers its task once its delivery is final: SUCCESS once delivered, FAIL when it
 * is dead. The first answer is the task's answer: a later replay of a dead message delivers it but
 * reports nothing new, and a repeated command gets the same answer again.
 */
@Injectable()
export class TaskResultReporter extends DeliveryFinalListener {
  constructor(
    private readonly outbox: OutboxWriter,
    private readonly deliveries: DeliveryStore,
  ) {
    super();
  }

  /** Only a delivery made for a task reports; merchant callbacks and notifications write nothing. */
  writesOnFinal(delivery: Delivery): boolean {
    return delivery.hasOutcomeToReport;
  }

  async onFinal(work: UnitOfWork, delivery: Delivery): Promise<void> {
    const outcome = delivery.takeOutcomeToReport();
    if (!outcome) return;
    await this.deliveries.saveReported(work, delivery);
    await this.publish(work, delivery, outcome);
  }

  /** Answers again what was answered before (a command delivered twice). */
  async repeat(work: UnitOfWork, delivery: Delivery): Promise<void> {
    const { reportedOutcome } = delivery.state;
    if (reportedOutcome) await this.publish(work, delivery, reportedOutcome);
  }

  async fail(work: UnitOfWork, task: DeliveryTask, reason: string): Promise<void> {
    await this.outbox.add(work, [
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
    work: UnitOfWork,
    delivery: Delivery,
    outcome: ReportedOutcome,
  ): Promise<void> {
    const { task, request, lastError, succeededAt } = delivery.state;
    if (!task) return;
    if (outcome === 'FAIL') {
      await this.fail(work, task, `message not delivered: ${lastError ?? 'unknown error'}`);
      return;
    }
    await this.outbox.add(work, [
      taskResultMessage({
        taskId: task.taskId,
        globalId: task.globalId,
        outcome: 'SUCCESS',
        data: {
          channel: request.channel === 'email' ? 'email' : 'webhook',
          to: request.channel === 'email' ? request.to : request.url,
        },
        completedAt: (succeededAt ?? new Date()).toISOString(),
      }),
    ]);
  }
}
