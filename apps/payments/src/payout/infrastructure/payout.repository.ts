import { Inject, Injectable } from '@nestjs/common';
import { OutboxWriter, type PendingMessage } from '@opp/outbox';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { Accounts } from '../../ledger/domain/accounts';
import type { JournalEntry } from '../../ledger/domain/journal-entry';
import { LedgerStore } from '../../ledger/application/ledger.store';
import { PayoutStore, type NewPayout } from '../application/payout.store';
import { Payout, type PayoutStatus } from '../domain/payout';

interface PayoutRow {
  id: string;
  project_id: number;
  order_id: string | null;
  type_key: string;
  amount_minor: string;
  currency: string;
  account_display: string;
  status: PayoutStatus;
  reason: string | null;
  updated_at: Date;
}

const LIVE = `status IN ('reserved', 'completed')`;

@Injectable()
export class PayoutRepository extends PayoutStore {
  constructor(
    private readonly ledger: LedgerStore,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
  ) {
    super();
  }

  async lockAvailable(work: UnitOfWork, projectId: number, currency: string): Promise<bigint> {
    const rows: { available: string }[] = await entityManagerOf(work).query(
      `SELECT available::text AS available FROM merchant_available_balances
       WHERE account = $1 AND currency = $2 FOR UPDATE`,
      [Accounts.merchantAvailable(projectId), currency],
    );
    return rows.length === 0 ? 0n : BigInt(rows[0].available);
  }

  async addIfOrderIdFree(work: UnitOfWork, p: NewPayout): Promise<number | null> {
    const rows: { id: string }[] = await entityManagerOf(work).query(
      `INSERT INTO payouts (project_id, order_id, type_key, amount_minor, currency, account_display,
         account_sealed, card_token, description, task_id, request_key, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'reserved')
       ON CONFLICT (project_id, order_id) WHERE order_id IS NOT NULL AND ${LIVE} DO NOTHING
       RETURNING id`,
      [
        p.projectId,
        p.orderId,
        p.typeKey,
        p.amountMinor.toString(),
        p.currency,
        p.accountDisplay,
        p.accountSealed,
        p.cardToken,
        p.description,
        p.taskId,
        p.requestKey,
      ],
    );
    return rows.length === 1 ? Number(rows[0].id) : null;
  }

  async liveIdByOrderId(work: UnitOfWork, projectId: number, orderId: string): Promise<number> {
    const [row]: { id: string }[] = await entityManagerOf(work).query(
      `SELECT id FROM payouts WHERE project_id = $1 AND order_id = $2 AND ${LIVE}`,
      [projectId, orderId],
    );
    return Number(row.id);
  }

  async lock(work: UnitOfWork, id: number): Promise<Payout | null> {
    const [row]: PayoutRow[] = await entityManagerOf(work).query(
      `SELECT id, project_id, order_id, type_key, amount_minor, currency, account_display, status,
         reason, updated_at
       FROM payouts WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!row) return null;
    return Payout.restore({
      id: Number(row.id),
      projectId: row.project_id,
      orderId: row.order_id,
      typeKey: row.type_key,
      amountMinor: BigInt(row.amount_minor),
      currency: row.currency,
      accountDisplay: row.account_display,
      status: row.status,
      reason: row.reason,
      updatedAt: row.updated_at,
    });
  }

  async idByRequestKey(
    work: UnitOfWork,
    projectId: number,
    requestKey: string,
  ): Promise<number | null> {
    const [row]: { id: string }[] = await entityManagerOf(work).query(
      `SELECT id FROM payouts WHERE project_id = $1 AND request_key = $2`,
      [projectId, requestKey],
    );
    return row ? Number(row.id) : null;
  }

  async idByTaskId(work: UnitOfWork, taskId: string): Promise<number | null> {
    const [row]: { id: string }[] = await entityManagerOf(work).query(
      `SELECT id FROM payouts WHERE task_id = $1`,
      [taskId],
    );
    return row ? Number(row.id) : null;
  }

  async publish(work: UnitOfWork, messages: PendingMessage[]): Promise<void> {
    await this.outbox.add(entityManagerOf(work), messages);
  }

  async record(
    work: UnitOfWork,
    change: { payout?: Payout; entry: JournalEntry; messages: PendingMessage[] },
  ): Promise<void> {
    const tx = entityManagerOf(work);
    if (change.payout) {
      const p = change.payout.snapshot;
      await tx.query(`UPDATE payouts SET status = $2, reason = $3, updated_at = $4 WHERE id = $1`, [
        p.id,
        p.status,
        p.reason,
        p.updatedAt,
      ]);
    }
    await this.ledger.post(work, [change.entry]);
    await this.outbox.add(tx, change.messages);
  }
}
