import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  RecurringTraceStore,
  type TracedChargeFlow,
  type TracedSubscription,
} from '../application/recurring-trace.use-case';

/** Subscriptions and charge flows in typed SQL (ADR 0031). */
@Injectable()
export class RecurringTraceRepository extends RecurringTraceStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async subscriptions(transactionIds: number[], projectId?: number): Promise<TracedSubscription[]> {
    const rows: Array<{
      id: string;
      project_id: number;
      user_id: string;
      transaction_id: string;
      status: string;
      price: string;
      currency: string;
      interval_days: number;
      subscribed_at: Date;
      updated_at: Date;
    }> = await this.dataSource.query(
      `SELECT id::text, project_id, user_id, transaction_id::text, status, price, currency,
              interval_days, subscribed_at, updated_at
         FROM subscriptions
        WHERE transaction_id = ANY($1::bigint[]) AND ($2::int IS NULL OR project_id = $2)`,
      [transactionIds, projectId ?? null],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      projectId: row.project_id,
      userId: row.user_id,
      transactionId: Number(row.transaction_id),
      status: row.status,
      price: row.price,
      currency: row.currency,
      intervalDays: row.interval_days,
      subscribedAt: row.subscribed_at,
      updatedAt: row.updated_at,
    }));
  }

  /** A charge's flow names its transaction in its outcome once payments answered. */
  async flows(subscriptionIds: number[], transactionIds: number[]): Promise<TracedChargeFlow[]> {
    const rows: Array<{
      key: string;
      subscription_id: string;
      state: string;
      outcome: unknown;
      created_at: Date;
      updated_at: Date;
    }> = await this.dataSource.query(
      `SELECT key, subscription_id::text, state, outcome, created_at, updated_at
         FROM recurring_charge_flows
        WHERE subscription_id = ANY($1::bigint[])
           OR outcome ->> 'transactionId' = ANY($2::text[])
        ORDER BY created_at`,
      [subscriptionIds, transactionIds.map(String)],
    );
    return rows.map((row) => ({
      key: row.key,
      subscriptionId: Number(row.subscription_id),
      state: row.state,
      outcome: row.outcome,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }
}
