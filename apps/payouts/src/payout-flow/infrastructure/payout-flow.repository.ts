import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReservePayoutFundsV1Message, type ReservePayoutFundsV1 } from '@opp/contracts';
import { OutboxWriter } from '@opp/outbox';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { PayoutFlowStore } from '../application/payout-flow.store';
import { PayoutFlow, type PayoutFlowState } from '../domain/payout-flow';

interface PayoutFlowRow {
  id: string;
  project_id: number;
  request_key: string;
  state: PayoutFlowState;
  payout_id: string | null;
  refusal_code: number | null;
  refusal_message: string | null;
  deadline: Date;
}

const COLUMNS = `id, project_id, request_key, state, payout_id, refusal_code, refusal_message, deadline`;

const restore = (row: PayoutFlowRow) =>
  PayoutFlow.restore({
    id: row.id,
    projectId: row.project_id,
    requestKey: row.request_key,
    state: row.state,
    payoutId: row.payout_id === null ? null : Number(row.payout_id),
    refusalCode: row.refusal_code,
    refusalMessage: row.refusal_message,
    deadline: row.deadline,
  });

@Injectable()
export class PayoutFlowRepository extends PayoutFlowStore {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
  ) {
    super();
  }

  async findByRequest(
    work: UnitOfWork,
    projectId: number,
    requestKey: string,
  ): Promise<PayoutFlow | null> {
    const [row]: PayoutFlowRow[] = await entityManagerOf(work).query(
      `SELECT ${COLUMNS} FROM payout_flows WHERE project_id = $1 AND request_key = $2`,
      [projectId, requestKey],
    );
    return row ? restore(row) : null;
  }

  async start(work: UnitOfWork, flow: PayoutFlow, reserve: ReservePayoutFundsV1): Promise<boolean> {
    const f = flow.snapshot;
    const tx = entityManagerOf(work);
    // The unique (project, request) key is the claim: a concurrent same request waits, then inserts nothing.
    const inserted: unknown[] = await tx.query(
      `INSERT INTO payout_flows (id, project_id, request_key, state, deadline)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (project_id, request_key) DO NOTHING RETURNING id`,
      [f.id, f.projectId, f.requestKey, f.state, f.deadline],
    );
    if (inserted.length !== 1) return false;
    await this.outbox.add(tx, [
      { definition: ReservePayoutFundsV1Message, key: f.id, payload: reserve },
    ]);
    return true;
  }

  async lock(work: UnitOfWork, id: string): Promise<PayoutFlow | null> {
    const [row]: PayoutFlowRow[] = await entityManagerOf(work).query(
      `SELECT ${COLUMNS} FROM payout_flows WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row ? restore(row) : null;
  }

  async save(work: UnitOfWork, flow: PayoutFlow): Promise<void> {
    const f = flow.snapshot;
    await entityManagerOf(work).query(
      `UPDATE payout_flows SET state = $2, payout_id = $3, refusal_code = $4, refusal_message = $5,
         updated_at = now()
       WHERE id = $1`,
      [f.id, f.state, f.payoutId, f.refusalCode, f.refusalMessage],
    );
  }

  expireDue(limit: number, now: Date, expire: (flow: PayoutFlow) => void): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const rows: PayoutFlowRow[] = await tx.query(
        `SELECT ${COLUMNS} FROM payout_flows WHERE state = 'reserving' AND deadline <= $1
         ORDER BY deadline LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, limit],
      );
      for (const row of rows) {
        const flow = restore(row);
        expire(flow);
        const f = flow.snapshot;
        await tx.query(
          `UPDATE payout_flows SET state = $2, refusal_code = $3, refusal_message = $4,
             updated_at = now()
           WHERE id = $1 AND state = 'reserving'`,
          [f.id, f.state, f.refusalCode, f.refusalMessage],
        );
      }
      return rows.length;
    });
  }

  async nextDeadline(): Promise<Date | null> {
    const [row]: { due: Date | null }[] = await this.dataSource.query(
      `SELECT min(deadline) AS due FROM payout_flows WHERE state = 'reserving'`,
    );
    return row?.due ?? null;
  }
}
