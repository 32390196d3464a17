import { Injectable } from '@nestjs/common';
import { entityManagerOf, withPlansForValues, type UnitOfWork } from '@opp/persistence';
import {
  PaymentsTraceStore,
  type TraceLookup,
  type TracedEntry,
  type TracedState,
  type TracedTransaction,
} from '../application/trace.store';
import { tracedTransaction, type TransactionRow } from './transaction-row';

/**
 * The roots (by id, by order id, by the tree that made them), then their family: what they
 * reverse and what reverses them. Payouts share the transactions' id sequence (ADR 0060).
 */
const TRANSACTIONS = `
  WITH roots AS (
    SELECT id, reference_id FROM transactions
     WHERE ($1::int IS NULL OR project_id = $1)
       AND (id = ANY($2::bigint[]) OR ($3::text IS NOT NULL AND project_id = $1 AND order_id = $3)
            OR task_global_id = ANY($4::uuid[]))
  ), family AS (
    SELECT id FROM roots
    UNION SELECT reference_id FROM roots WHERE reference_id IS NOT NULL
    UNION SELECT t.id FROM transactions t JOIN roots r ON t.reference_id = r.id
  )
  SELECT t.id::text, 'transactions' AS tbl, t.project_id, t.order_id, t.reference_id::text, t.type,
         t.status, t.price_minor::text, t.currency, t.card_view, t.task_global_id::text,
         t.task_id::text, t.created_at
    FROM transactions t JOIN family f ON f.id = t.id
   WHERE ($1::int IS NULL OR t.project_id = $1)
  UNION ALL
  SELECT p.id::text, 'payouts', p.project_id, p.order_id, NULL, 'payout', p.status,
         p.amount_minor::text, p.currency, NULL, NULL, p.task_id::text, p.created_at
    FROM payouts p
   WHERE ($1::int IS NULL OR p.project_id = $1)
     AND (p.id = ANY($2::bigint[]) OR ($3::text IS NOT NULL AND p.project_id = $1 AND p.order_id = $3))
  ORDER BY created_at, id`;

/**
 * Each line of the entries with its account's credit balance after the entry: one index range
 * per line (journal_lines_account_entry). Platform-wide accounts are left without one: their
 * balance sums every merchant's payments and says nothing about this one.
 */
const ENTRIES = `
  SELECT e.id::text, e.kind, COALESCE(e.transaction_id, e.payout_id)::text AS transaction_id,
         e.created_at, l.account, l.currency, l.debit::text, l.credit::text,
         CASE WHEN l.account LIKE 'merchant:%' THEN (
           SELECT (COALESCE(sum(x.credit), 0) - COALESCE(sum(x.debit), 0))::text
             FROM journal_lines x
            WHERE x.account = l.account AND x.currency = l.currency AND x.entry_id <= e.id
         ) END AS balance_after
    FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
   WHERE e.transaction_id = ANY($1::bigint[]) OR e.payout_id = ANY($1::bigint[])
   ORDER BY e.id, l.id`;

@Injectable()
export class PaymentsTraceRepository extends PaymentsTraceStore {
  async transactions(work: UnitOfWork, lookup: TraceLookup): Promise<TracedTransaction[]> {
    // Which roots it looks for decides its plan (ADR 0065).
    const rows: TransactionRow[] = await withPlansForValues(entityManagerOf(work), (tx) =>
      tx.query(TRANSACTIONS, [
        lookup.projectId ?? null,
        lookup.transactionIds,
        lookup.orderId ?? null,
        lookup.globalIds,
      ]),
    );
    return rows.map(tracedTransaction);
  }

  async states(work: UnitOfWork, ids: number[]): Promise<TracedState[]> {
    if (ids.length === 0) return [];
    const rows: Array<{
      subject: 'transactions' | 'payouts';
      subject_id: string;
      status: string;
      reason: string | null;
      at: Date;
    }> = await entityManagerOf(work).query(
      `SELECT subject, subject_id::text, status, reason, at FROM status_history
        WHERE subject_id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    );
    return rows.map((row) => ({
      subjectId: Number(row.subject_id),
      table: row.subject,
      status: row.status,
      reason: row.reason,
      at: row.at,
    }));
  }

  async entries(work: UnitOfWork, ids: number[]): Promise<TracedEntry[]> {
    if (ids.length === 0) return [];
    const rows: Array<{
      id: string;
      kind: string;
      transaction_id: string | null;
      created_at: Date;
      account: string;
      currency: string;
      debit: string;
      credit: string;
      balance_after: string | null;
    }> = await entityManagerOf(work).query(ENTRIES, [ids]);
    const entries = new Map<string, TracedEntry>();
    for (const row of rows) {
      let entry = entries.get(row.id);
      if (!entry) {
        entry = {
          id: row.id,
          kind: row.kind,
          transactionId: row.transaction_id === null ? null : Number(row.transaction_id),
          at: row.created_at,
          lines: [],
        };
        entries.set(row.id, entry);
      }
      entry.lines.push({
        account: row.account,
        currency: row.currency,
        debit: BigInt(row.debit),
        credit: BigInt(row.credit),
        balanceAfter: row.balance_after === null ? null : BigInt(row.balance_after),
      });
    }
    return [...entries.values()];
  }
}
