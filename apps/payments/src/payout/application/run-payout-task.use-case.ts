import { Injectable } from '@nestjs/common';
import {
  taskResultMessage,
  type PayoutTaskCheckedV1,
  type TaskResultV1,
  Refusal,
} from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { PayoutStore } from './payout.store';
import { ReservePayoutUseCase } from './reserve-payout.use-case';

/**
 * A `payout` task payouts has checked (ADR 0060): reserved like POST /payout, and answered to the
 * orchestrator in the same transaction: SUCCESS with the answer's fields (`id`, `success`,
 * `status`), or FAIL with the refusal (40313, 40501, ...). One payout per task (ADR 0017).
 */
@Injectable()
export class RunPayoutTaskUseCase {
  constructor(
    private readonly reserve: ReservePayoutUseCase,
    private readonly payouts: PayoutStore,
  ) {}

  async execute(work: UnitOfWork, checked: PayoutTaskCheckedV1, correlationId: string) {
    const { taskId, globalId, ...command } = checked;
    const completedAt = () => new Date().toISOString();
    let result: TaskResultV1;
    try {
      const reserved = await this.reserve.execute(work, command, { taskId });
      result = {
        taskId,
        globalId,
        outcome: 'SUCCESS',
        data: { id: reserved.id, success: true, status: reserved.status },
        completedAt: completedAt(),
      };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      result = {
        taskId,
        globalId,
        outcome: 'FAIL',
        reason: error.message,
        data: { error: { code: error.code, message: error.message } },
        completedAt: completedAt(),
      };
    }
    await this.payouts.publish(work, [
      { ...taskResultMessage(result), options: { correlationId } },
    ]);
  }
}
