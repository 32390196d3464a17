import { Injectable } from '@nestjs/common';
import type { ListTransactionsV1, TransactionRecordV1 } from '@opp/contracts';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { transactionListFilter } from '../../charge/infrastructure/transaction-list-filter';
import { PayoutRecords } from '../application/payout-records';
import type { PayoutStatus } from '../domain/payout';

interface PayoutRecordRow {
  id: string;
  order_id: string | null;
  type_key: string;
  amount_minor: string;
  currency: string;
  status: PayoutStatus;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A reserved payout is on its way to the rail: `processing`, as its creation answered. */
const PUBLIC_STATUS = `CASE status WHEN 'reserved' THEN 'processing' ELSE status END`;
const COLUMNS = `id, order_id, type_key, amount_minor, currency, status, reason, created_at, updated_at`;

/**
 * A payout as a transaction record: type `payout`, its payout type as the method, no fee, no end
 * user and no card view (the account stays inside payments); `originalStatus` is its status, as
 * nothing later changes a payout.
 */
function recordOf(row: PayoutRecordRow): TransactionRecordV1 {
  const status = row.status === 'reserved' ? 'processing' : row.status;
  return {
    id: Number(row.id),
    orderId: row.order_id,
    referenceId: null,
    type: 'payout',
    method: row.type_key,
    status,
    originalStatus: status,
    reason: row.reason,
    priceMinor: row.amount_minor,
    feeMinor: '0',
    currency: row.currency,
    card: null,
    user: null,
    permanentTokenId: null,
    recurring: null,
    threeDs: null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

@Injectable()
export class PayoutRecordsRepository extends PayoutRecords {
  async findById(
    work: UnitOfWork,
    projectId: number,
    id: number,
  ): Promise<TransactionRecordV1 | null> {
    const [row]: PayoutRecordRow[] = await entityManagerOf(work).query(
      `SELECT ${COLUMNS} FROM payouts WHERE id = $1 AND project_id = $2`,
      [id, projectId],
    );
    return row ? recordOf(row) : null;
  }

  async findByOrderId(
    work: UnitOfWork,
    projectId: number,
    orderId: string,
  ): Promise<TransactionRecordV1 | null> {
    const [row]: PayoutRecordRow[] = await entityManagerOf(work).query(
      `SELECT ${COLUMNS} FROM payouts WHERE project_id = $1 AND order_id = $2
       ORDER BY status IN ('reserved', 'completed') DESC, id DESC LIMIT 1`,
      [projectId, orderId],
    );
    return row ? recordOf(row) : null;
  }

  async listFirst(
    work: UnitOfWork,
    query: ListTransactionsV1,
    count: number,
  ): Promise<TransactionRecordV1[]> {
    // Every payout is of type `payout`: the query's type filter is the caller's.
    const { where, params } = transactionListFilter(query, `${PUBLIC_STATUS} = ?`);
    params.push(count);
    const rows: PayoutRecordRow[] = await entityManagerOf(work).query(
      `SELECT ${COLUMNS} FROM payouts WHERE ${where}
       ORDER BY id LIMIT $${params.length}`,
      params,
    );
    return rows.map(recordOf);
  }
}
