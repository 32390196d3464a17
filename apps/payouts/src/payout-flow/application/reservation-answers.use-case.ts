import { Injectable } from '@nestjs/common';
import type { PayoutFundsRefusedV1, PayoutFundsReservedV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { crashPoint } from '@opp/saga';
import { AcceptReservedPayoutUseCase } from '../../payout-order/application/accept-reserved-payout.use-case';
import { PayoutFlowStore } from './payout-flow.store';

/** Crash point between payments' reservation and the flow taking its answer. */
export const RESERVATION_ANSWERED = 'payout-saga.reservation-answered';

/**
 * Payments' answer to a flow's reservation (ADR 0060), applied once through the inbox: reserved
 * in time, the flow is accepted and the order goes to the rail; reserved after the deadline, the
 * reservation is compensated; refused, the refusal is the flow's outcome. A processing task's
 * payout has no flow and goes to the rail as before.
 */
@Injectable()
export class ReservationAnswersUseCase {
  constructor(
    private readonly flows: PayoutFlowStore,
    private readonly orders: AcceptReservedPayoutUseCase,
  ) {}

  async reserved(work: UnitOfWork, event: PayoutFundsReservedV1): Promise<void> {
    crashPoint(RESERVATION_ANSWERED);
    if (event.flowId === undefined) return this.orders.execute(work, event);
    const flow = await this.flows.lock(work, event.flowId);
    if (!flow) throw new Error(`payout flow ${event.flowId} is not known to payouts`);
    const step = flow.reserved(event.payoutId);
    if (step === 'none') return;
    await this.flows.save(work, flow);
    if (step === 'accept') await this.orders.execute(work, event);
    else await this.orders.compensate(work, event);
  }

  async refused(work: UnitOfWork, event: PayoutFundsRefusedV1): Promise<void> {
    crashPoint(RESERVATION_ANSWERED);
    const flow = await this.flows.lock(work, event.flowId);
    if (!flow) throw new Error(`payout flow ${event.flowId} is not known to payouts`);
    flow.refused(event.code, event.message);
    await this.flows.save(work, flow);
  }
}
