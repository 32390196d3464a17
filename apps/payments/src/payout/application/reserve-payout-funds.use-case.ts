import { Injectable } from '@nestjs/common';
import type { ReservePayoutFundsV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { fundsRefusedMessage } from './payout-messages';
import { PayoutStore } from './payout.store';
import { ReservePayoutUseCase } from './reserve-payout.use-case';
import { Refusal } from '@opp/contracts';

/**
 * A payouts flow asks for its funds (ADR 0060): reserved as ever (the flow's key claimed with the
 * payout, the reserved event naming the flow), or refused with an event that names the flow, in
 * the inbox's transaction. The flow, not the gateway, waits for the answer.
 */
@Injectable()
export class ReservePayoutFundsUseCase {
  constructor(
    private readonly reserve: ReservePayoutUseCase,
    private readonly payouts: PayoutStore,
  ) {}

  async execute(work: UnitOfWork, command: ReservePayoutFundsV1): Promise<void> {
    const { flowId, ...order } = command;
    try {
      await this.reserve.execute(work, order, { flowId });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await this.payouts.publish(work, [fundsRefusedMessage(flowId, command.projectId, error)]);
    }
  }
}
