import type { TracedTransaction } from '../application/trace.store';

/**
 * A transaction (or payout) row as the trace and the admin search select it. The search reads
 * transactions only, and neither their card view nor the task that made them.
 */
export interface TransactionRow {
  id: string;
  tbl?: 'transactions' | 'payouts';
  project_id: number;
  order_id: string | null;
  reference_id: string | null;
  type: string;
  status: string;
  price_minor: string;
  currency: string;
  card_view?: Record<string, unknown> | null;
  task_global_id?: string | null;
  task_id?: string | null;
  created_at: Date;
}

export function tracedTransaction(row: TransactionRow): TracedTransaction {
  return {
    id: Number(row.id),
    table: row.tbl ?? 'transactions',
    projectId: row.project_id,
    orderId: row.order_id,
    referenceId: row.reference_id === null ? null : Number(row.reference_id),
    type: row.type,
    status: row.status,
    priceMinor: BigInt(row.price_minor),
    currency: row.currency,
    cardView: row.card_view ?? null,
    taskGlobalId: row.task_global_id ?? null,
    taskId: row.task_id ?? null,
    createdAt: row.created_at,
  };
}
