import { Injectable } from '@nestjs/common';
import { TracePartBuilder, type Reply, type TracePartV1, type TraceQueryV1 } from '@opp/contracts';

export interface TracedFlow {
  id: string;
  projectId: number;
  payoutId: number | null;
  state: string;
  refusalCode: number | null;
  refusalMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface TracedOrder {
  id: number;
  status: string;
  settleAt: Date;
  settledAt: Date | null;
  createdAt: Date;
}

/** Port: payout flows and payout orders by payout id (ADR 0066). */
export abstract class PayoutTraceStore {
  abstract flows(payoutIds: number[], projectId?: number): Promise<TracedFlow[]>;
  abstract orders(payoutIds: number[], projectId?: number): Promise<TracedOrder[]>;
}

/**
 * Payouts' part of a money trace (ADR 0066): the payout's flow (funds asked of payments, accepted
 * or refused, ADR 0060) and its order at the payout rail until it settles.
 */
@Injectable()
export class PayoutTraceUseCase {
  constructor(private readonly store: PayoutTraceStore) {}

  async execute(query: TraceQueryV1): Promise<Reply<TracePartV1>> {
    const ids = query.transactionIds ?? [];
    const flows = ids.length ? await this.store.flows(ids, query.projectId) : [];
    const orders = ids.length ? await this.store.orders(ids, query.projectId) : [];
    const part = new TracePartBuilder('payouts');
    for (const flow of flows) {
      part.step('state', flow.createdAt, `payout flow ${flow.id} → reserving`, {
        aggregate: 'payout-flow',
        flowId: flow.id,
        payoutId: flow.payoutId,
        state: 'reserving',
      });
      if (flow.state !== 'reserving') {
        part.step('state', flow.updatedAt, `payout flow ${flow.id} → ${flow.state}`, {
          aggregate: 'payout-flow',
          flowId: flow.id,
          payoutId: flow.payoutId,
          state: flow.state,
          refusalCode: flow.refusalCode,
          refusalMessage: flow.refusalMessage,
        });
      }
    }
    for (const order of orders) {
      part.step(
        'state',
        order.createdAt,
        `payout ${order.id} sent to the payout rail (settles at ${order.settleAt.toISOString()})`,
        { aggregate: 'payout', payoutId: order.id, status: 'processing' },
      );
      if (order.settledAt) {
        part.step('state', order.settledAt, `payout ${order.id} → ${order.status}`, {
          aggregate: 'payout',
          payoutId: order.id,
          status: order.status,
        });
      }
    }
    return part.reply();
  }
}
