import { Injectable } from '@nestjs/common';
import { TracePartBuilder, type Reply, type TracePartV1, type TraceQueryV1 } from '@opp/contracts';

export interface TracedSubscription {
  id: number;
  projectId: number;
  userId: string;
  transactionId: number;
  status: string;
  price: string;
  currency: string;
  intervalDays: number;
  subscribedAt: Date;
  updatedAt: Date;
}

export interface TracedChargeFlow {
  key: string;
  subscriptionId: number;
  state: string;
  outcome: unknown;
  createdAt: Date;
  updatedAt: Date;
}

/** Port: subscriptions and recurring charge flows by transaction id (ADR 0066). */
export abstract class RecurringTraceStore {
  abstract subscriptions(
    transactionIds: number[],
    projectId?: number,
  ): Promise<TracedSubscription[]>;
  abstract flows(subscriptionIds: number[], transactionIds: number[]): Promise<TracedChargeFlow[]>;
}

/**
 * Users-recurring's part of a money trace (ADR 0066): the subscription a payment started (or the
 * one a recurring charge belongs to) and each automatic charge's flow (ADR 0060).
 */
@Injectable()
export class RecurringTraceUseCase {
  constructor(private readonly store: RecurringTraceStore) {}

  async execute(query: TraceQueryV1): Promise<Reply<TracePartV1>> {
    const ids = query.transactionIds ?? [];
    const subscriptions = ids.length ? await this.store.subscriptions(ids, query.projectId) : [];
    const flows = ids.length
      ? await this.store.flows(
          subscriptions.map((s) => s.id),
          ids,
        )
      : [];
    const part = new TracePartBuilder('users-recurring');
    for (const s of subscriptions) {
      part.step(
        'state',
        s.subscribedAt,
        `subscription ${s.id} → active (${s.price} ${s.currency} every ${s.intervalDays} days)`,
        {
          aggregate: 'subscription',
          subscriptionId: s.id,
          transactionId: s.transactionId,
          status: 'active',
          price: s.price,
          currency: s.currency,
        },
      );
      if (s.status !== 'active') {
        part.step('state', s.updatedAt, `subscription ${s.id} → ${s.status}`, {
          aggregate: 'subscription',
          subscriptionId: s.id,
          status: s.status,
        });
      }
    }
    for (const f of flows) {
      part.step('state', f.createdAt, `recurring charge ${f.key} → charging`, {
        aggregate: 'recurring-charge',
        key: f.key,
        state: 'charging',
      });
      if (f.state !== 'charging') {
        part.step('state', f.updatedAt, `recurring charge ${f.key} → ${f.state}`, {
          aggregate: 'recurring-charge',
          key: f.key,
          state: f.state,
          outcome: f.outcome,
        });
      }
    }
    return part.reply();
  }
}
