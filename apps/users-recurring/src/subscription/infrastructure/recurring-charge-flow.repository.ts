import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { RecurringChargeFlowStore } from '../application/charge-flow/recurring-charge-flow.store';
import type {
  RecurringChargeFlow,
  RecurringChargeFlowState,
  RecurringChargeOutcome,
} from '../domain/recurring-charge-flow';

interface FlowRow {
  key: string;
  project_id: number;
  user_id: string;
  subscription_id: string;
  state: RecurringChargeFlowState;
  deadline_at: Date;
  outcome: RecurringChargeOutcome | null;
}

const toDomain = (r: FlowRow): RecurringChargeFlow => ({
  key: r.key,
  projectId: r.project_id,
  userId: r.user_id,
  subscriptionId: Number(r.subscription_id),
  state: r.state,
  deadlineAt: r.deadline_at,
  outcome: r.outcome,
});

/** The recurring charge flows in typed SQL (ADR 0031). */
@Injectable()
export class RecurringChargeFlowRepository extends RecurringChargeFlowStore {
  async find(work: UnitOfWork, key: string): Promise<RecurringChargeFlow | null> {
    const rows: FlowRow[] = await entityManagerOf(work).query(
      `SELECT * FROM recurring_charge_flows WHERE key = $1`,
      [key],
    );
    return rows.length ? toDomain(rows[0]) : null;
  }

  async insert(work: UnitOfWork, f: RecurringChargeFlow): Promise<void> {
    await entityManagerOf(work).query(
      `INSERT INTO recurring_charge_flows
         (key, project_id, user_id, subscription_id, state, deadline_at, outcome)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        f.key,
        f.projectId,
        f.userId,
        f.subscriptionId,
        f.state,
        f.deadlineAt,
        f.outcome === null ? null : JSON.stringify(f.outcome),
      ],
    );
  }

  async finish(
    work: UnitOfWork,
    key: string,
    state: RecurringChargeFlowState,
    outcome: RecurringChargeOutcome,
  ): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [, affected]: [unknown[], number] = await entityManagerOf(work).query(
      `UPDATE recurring_charge_flows SET state = $2, outcome = $3, updated_at = now()
       WHERE key = $1 AND outcome IS NULL`,
      [key, state, JSON.stringify(outcome)],
    );
    return affected > 0;
  }

  async overdue(work: UnitOfWork, now: Date, limit: number): Promise<RecurringChargeFlow[]> {
    const rows: FlowRow[] = await entityManagerOf(work).query(
      `SELECT * FROM recurring_charge_flows WHERE state = 'charging' AND deadline_at <= $1
       ORDER BY deadline_at LIMIT $2`,
      [now, limit],
    );
    return rows.map(toDomain);
  }

  async markCompensated(work: UnitOfWork, key: string): Promise<boolean> {
    const [, affected]: [unknown[], number] = await entityManagerOf(work).query(
      `UPDATE recurring_charge_flows SET state = 'compensated', updated_at = now()
       WHERE key = $1 AND state = 'charging'`,
      [key],
    );
    return affected > 0;
  }
}
