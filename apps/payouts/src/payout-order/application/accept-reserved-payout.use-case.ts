import { Inject, Injectable } from '@nestjs/common';
import type { PayoutFundsReservedV1 } from '@opp/contracts';
import { PayoutsConfig } from '../../config/payouts.config';
import { PayoutOrder } from '../domain/payout-order';
import { PayoutMetrics } from './payout-metrics';
import type { UnitOfWork } from '@opp/persistence';
import { PayoutOrderStore } from './payout-order.store';

/**
 * Payments reserved a payout's funds: the order goes to the (sandbox) rail, which answers after
 * the configured delay. A redelivered reservation finds its order and changes nothing.
 */
@Injectable()
export class AcceptReservedPayoutUseCase {
  constructor(
    private readonly orders: PayoutOrderStore,
    private readonly metrics: PayoutMetrics,
    @Inject(PayoutsConfig) private readonly config: PayoutsConfig,
  ) {}

  async execute(work: UnitOfWork, reserved: PayoutFundsReservedV1): Promise<void> {
    const order = PayoutOrder.accept(
      {
        id: reserved.payoutId,
        projectId: reserved.projectId,
        typeKey: reserved.typeKey,
        amountMinor: BigInt(reserved.amountMinor),
        currency: reserved.currency,
        accountDisplay: reserved.accountDisplay,
      },
      new Date(Date.now() + this.config.sandboxSettleMs),
    );
    if (await this.orders.addIfNew(work, order)) this.metrics.recorded('accepted');
  }
}
