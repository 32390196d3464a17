import { Inject, Injectable } from '@nestjs/common';
import type { PayoutFundsReservedV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { PayoutsConfig } from '../../config/payouts.config';
import { PayoutOrder } from '../domain/payout-order';
import { PayoutMetrics } from './payout-metrics';
import { PayoutOrderStore } from './payout-order.store';

const orderOf = (reserved: PayoutFundsReservedV1, settleAt: Date) =>
  PayoutOrder.accept(
    {
      id: reserved.payoutId,
      projectId: reserved.projectId,
      typeKey: reserved.typeKey,
      amountMinor: BigInt(reserved.amountMinor),
      currency: reserved.currency,
      accountDisplay: reserved.accountDisplay,
    },
    settleAt,
  );

/**
 * Payments reserved a payout's funds: the order goes to the (sandbox) rail, which answers after
 * the configured delay. A redelivered reservation finds its order and changes nothing. A
 * reservation its flow no longer waits for (past the deadline, ADR 0060) is compensated instead:
 * the order is cancelled at once, and its settled event makes payments release the funds.
 */
@Injectable()
export class AcceptReservedPayoutUseCase {
  constructor(
    private readonly orders: PayoutOrderStore,
    private readonly metrics: PayoutMetrics,
    @Inject(PayoutsConfig) private readonly config: PayoutsConfig,
  ) {}

  async execute(work: UnitOfWork, reserved: PayoutFundsReservedV1): Promise<void> {
    const order = orderOf(reserved, new Date(Date.now() + this.config.sandboxSettleMs));
    if (await this.orders.addIfNew(work, order)) this.metrics.recorded('accepted');
  }

  async compensate(work: UnitOfWork, reserved: PayoutFundsReservedV1): Promise<void> {
    const now = new Date();
    const order = orderOf(reserved, now);
    const { outcome, reason } = order.cancelUnaccepted(now);
    const settled = {
      payoutId: reserved.payoutId,
      projectId: reserved.projectId,
      outcome,
      reason,
      settledAt: now.toISOString(),
    };
    if (await this.orders.addSettledIfNew(work, order, settled)) this.metrics.recorded('failed');
  }
}
