import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  PayoutTraceStore,
  type TracedFlow,
  type TracedOrder,
} from '../application/payout-trace.use-case';

/** Payout flows and orders in typed SQL (ADR 0031). */
@Injectable()
export class PayoutTraceRepository extends PayoutTraceStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async flows(payoutIds: number[], projectId?: number): Promise<TracedFlow[]> {
    const rows: Array<{
      id: string;
      project_id: number;
      payout_id: string | null;
      state: string;
      refusal_code: number | null;
      refusal_message: string | null;
      created_at: Date;
      updated_at: Date;
    }> = await this.dataSource.query(
      `SELECT id, project_id, payout_id::text, state, refusal_code, refusal_message, created_at,
              updated_at
         FROM payout_flows
        WHERE payout_id = ANY($1::bigint[]) AND ($2::int IS NULL OR project_id = $2)
        ORDER BY created_at`,
      [payoutIds, projectId ?? null],
    );
    return rows.map((row) => ({
      id: row.id,
      projectId: row.project_id,
      payoutId: row.payout_id === null ? null : Number(row.payout_id),
      state: row.state,
      refusalCode: row.refusal_code,
      refusalMessage: row.refusal_message,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  async orders(payoutIds: number[], projectId?: number): Promise<TracedOrder[]> {
    const rows: Array<{
      id: string;
      status: string;
      settle_at: Date;
      settled_at: Date | null;
      created_at: Date;
    }> = await this.dataSource.query(
      `SELECT id::text, status, settle_at, settled_at, created_at FROM payout_orders
        WHERE id = ANY($1::bigint[]) AND ($2::int IS NULL OR project_id = $2)`,
      [payoutIds, projectId ?? null],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      status: row.status,
      settleAt: row.settle_at,
      settledAt: row.settled_at,
      createdAt: row.created_at,
    }));
  }
}
