import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { projectClockOffsetSql } from '@opp/snapshots';
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
  /** The release time is kept in the project's time (ADR 0069): the wall clock's, shifted. */
  async schedule(work: UnitOfWork, hold: RollingReserveHold): Promise<void> {
    await entityManagerOf(work).query(
      `INSERT INTO rolling_reserve_holds (payment_id, project_id, currency, amount_minor, release_at)
       VALUES ($1, $2, $3, $4, $5::timestamptz + ${projectClockOffsetSql('$2::int')})`,
      [hold.paymentId, hold.projectId, hold.currency, hold.amountMinor.toString(), hold.releaseAt],
    );
  }

  /**
   * Due, not yet returned; rows another worker holds are skipped. Due by the wall clock, then
   * (room left) by the clock of a sandbox project that runs ahead (ADR 0069), in a second
   * statement over the few projects with a clock.
   */
  async lockDue(work: UnitOfWork, limit: number): Promise<RollingReserveHold[]> {
    const tx = entityManagerOf(work);
    const rows: HoldRow[] = await tx.query(
      `SELECT * FROM rolling_reserve_holds
       WHERE returned_transaction_id IS NULL AND release_at <= now()
       ORDER BY release_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    if (rows.length < limit) {
      const ahead: HoldRow[] = await tx.query(
        `SELECT h.* FROM project_clocks pc
         JOIN rolling_reserve_holds h ON h.project_id = pc.project_id
         WHERE h.returned_transaction_id IS NULL AND h.release_at > now()
           AND h.release_at <= now() + pc.offset_ms * interval '1 millisecond'
         ORDER BY h.release_at LIMIT $1 FOR UPDATE OF h SKIP LOCKED`,
        [limit - rows.length],
      );
      rows.push(...ahead);
    }
    return rows.map(toHold);
  }

  async nextReleaseAt(work: UnitOfWork): Promise<Date | null> {
    // In wall-clock time: a hold of a project whose clock runs ahead is due that much sooner.
    const [row]: { due: Date | null }[] = await entityManagerOf(work).query(
      `SELECT LEAST(
         (SELECT min(release_at) FROM rolling_reserve_holds WHERE returned_transaction_id IS NULL),
         (SELECT min(h.release_at - pc.offset_ms * interval '1 millisecond')
          FROM project_clocks pc JOIN rolling_reserve_holds h ON h.project_id = pc.project_id
          WHERE h.returned_transaction_id IS NULL)) AS due`,
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
