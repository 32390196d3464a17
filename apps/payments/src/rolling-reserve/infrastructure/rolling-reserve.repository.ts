import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import type { RollingReserveHold } from '../domain/rolling-reserve';
import { RollingReserveStore } from '../application/rolling-reserve.store';

interface HoldRow {
  payment_id: string;
  project_id: number;
  currency: string;
  amount_minor: string;
  release_at: Date;
}

const toHold = (row: HoldRow): RollingReserveHold => ({
  paymentId: Number(row.payment_id),
  projectId: row.project_id,
  currency: row.currency,
  amountMinor: BigInt(row.amount_minor),
  releaseAt: row.release_at,
});

/** The reserve's schedule: one row per payment that held a share, with its due time. */
@Injectable()
export class RollingReserveRepository extends RollingReserveStore {
  async schedule(work: UnitOfWork, hold: RollingReserveHold): Promise<void> {
    await entityManagerOf(work).query(
      `INSERT INTO rolling_reserve_holds (payment_id, project_id, currency, amount_minor, release_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [hold.paymentId, hold.projectId, hold.currency, hold.amountMinor.toString(), hold.releaseAt],
    );
  }

  /** Due, not yet returned; rows another worker holds are skipped. */
  async lockDue(work: UnitOfWork, limit: number): Promise<RollingReserveHold[]> {
    const rows: HoldRow[] = await entityManagerOf(work).query(
      `SELECT * FROM rolling_reserve_holds
       WHERE returned_transaction_id IS NULL AND release_at <= now()
       ORDER BY release_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return rows.map(toHold);
  }

  async nextReleaseAt(work: UnitOfWork): Promise<Date | null> {
    const [row]: { due: Date | null }[] = await entityManagerOf(work).query(
      `SELECT min(release_at) AS due FROM rolling_reserve_holds
       WHERE returned_transaction_id IS NULL`,
    );
    return row?.due ?? null;
  }

  async markReturned(work: UnitOfWork, paymentId: number, transactionId: number): Promise<void> {
    const [, count]: [unknown[], number] = await entityManagerOf(work).query(
      `UPDATE rolling_reserve_holds SET returned_transaction_id = $2
       WHERE payment_id = $1 AND returned_transaction_id IS NULL RETURNING payment_id`,
      [paymentId, transactionId],
    );
    if (count !== 1) throw new Error(`the reserve of payment ${paymentId} was already returned`);
  }
}
