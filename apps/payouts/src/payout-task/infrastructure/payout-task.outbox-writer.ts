import { Inject, Injectable } from '@nestjs/common';
import {
  PayoutTaskCheckedV1Message,
  taskResultMessage,
  type PayoutTaskCheckedV1,
  type TaskResultV1,
} from '@opp/contracts';
import { OutboxWriter } from '@opp/outbox';
import type { UnitOfWork } from '@opp/persistence';
import { PayoutTaskOutbox } from '../application/payout-task.outbox';

@Injectable()
export class PayoutTaskOutboxWriter extends PayoutTaskOutbox {
  constructor(@Inject(OutboxWriter) private readonly outbox: OutboxWriter) {
    super();
  }

  async checked(work: UnitOfWork, payout: PayoutTaskCheckedV1, correlationId: string) {
    await this.outbox.add(work, [
      {
        definition: PayoutTaskCheckedV1Message,
        key: payout.taskId,
        payload: payout,
        options: { correlationId },
      },
    ]);
  }

  async result(work: UnitOfWork, result: TaskResultV1, correlationId: string) {
    await this.outbox.add(work, [{ ...taskResultMessage(result), options: { correlationId } }]);
  }
}
