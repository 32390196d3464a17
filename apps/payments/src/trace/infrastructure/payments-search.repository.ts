import { Injectable } from '@nestjs/common';
import { CURRENCY_EXPONENTS } from '@opp/money';
import { entityManagerOf, withPlansForValues, type UnitOfWork } from '@opp/persistence';
import {
  PaymentsSearchStore,
  type DayTotals,
  type SearchFilter,
  type TracedTransaction,
} from '../application/trace.store';
import { tracedTransaction, type TransactionRow } from './transaction-row';

const CODES = Object.keys(CURRENCY_EXPONENTS);
const EXPONENTS = Object.values(CURRENCY_EXPONENTS) as number[];

/**
 * The admin search over transactions, newest first, keyset by id. An amount bound is a decimal
 * compared in each row's own currency (its exponent from the currency table).
 */
const SEARCH = `
  SELECT t.id::text, t.project_id, t.order_id, t.reference_id::text, t.type, t.status,
         t.price_minor::text, t.currency, t.created_at
    FROM transactions t
    LEFT JOIN unnest($11::text[], $12::int[]) AS x(code, exponent) ON x.code = t.currency
   WHERE ($1::int IS NULL OR t.project_id = $1)
     AND ($2::text IS NULL OR t.status = $2)
     AND ($3::text IS NULL OR t.type = $3)
     AND ($4::timestamptz IS NULL OR t.created_at >= $4)
     AND ($5::timestamptz IS NULL OR t.created_at <= $5)
     AND ($6::numeric IS NULL OR t.price_minor >= $6::numeric * 10 ^ COALESCE(x.exponent, 2))
     AND ($7::numeric IS NULL OR t.price_minor <= $7::numeric * 10 ^ COALESCE(x.exponent, 2))
     AND ($8::text IS NULL OR t.currency = $8)
     AND ($9::text IS NULL OR t.order_id LIKE $9)
     AND ($10::text IS NULL OR lower(t.user_snapshot ->> 'email') = lower($10))
     AND ($13::bigint IS NULL OR t.id < $13)
   ORDER BY t.id DESC
   LIMIT $14`;

/**
 * Per day (UTC) the movements of the merchant's available account by what booked them, the
 * rolling reserve held or released, and the available balance at the day's end.
 */
const BALANCE_HISTORY = `
  WITH days AS (
    SELECT d::date AS day
      FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($3::int - 1),
                           (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d
  ), moves AS (
    SELECT (e.created_at AT TIME ZONE 'UTC')::date AS day, e.kind, l.account,
           l.credit - l.debit AS net
      FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
     WHERE l.account IN ($1, $4) AND l.currency = $2
       AND e.created_at >= (now() AT TIME ZONE 'UTC')::date - ($3::int - 1)
  ), opening AS (
    SELECT COALESCE(sum(l.credit - l.debit), 0) AS balance
      FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
     WHERE l.account = $1 AND l.currency = $2
       AND e.created_at < (now() AT TIME ZONE 'UTC')::date - ($3::int - 1)
  ), totals AS (
    SELECT d.day,
      COALESCE(sum(m.net) FILTER (WHERE m.account = $1 AND m.net > 0
        AND m.kind NOT LIKE 'payout%' AND m.kind NOT LIKE 'rolling-reserve%'), 0) AS payments,
      COALESCE(sum(-m.net) FILTER (WHERE m.account = $1 AND m.kind IN ('reversal', 'chargeback',
        'penalty', 'retrieval')), 0) AS refunds,
      COALESCE(sum(-m.net) FILTER (WHERE m.account = $1 AND m.kind LIKE 'payout%'), 0) AS payouts,
      COALESCE(sum(m.net) FILTER (WHERE m.account = $4), 0) AS reserve,
      COALESCE(sum(m.net) FILTER (WHERE m.account = $1), 0) AS net
      FROM days d LEFT JOIN moves m ON m.day = d.day
     GROUP BY d.day
  )
  SELECT to_char(day, 'YYYY-MM-DD') AS date, payments::text, refunds::text, payouts::text,
         reserve::text,
         ((SELECT balance FROM opening) + sum(net) OVER (ORDER BY day))::text AS balance
    FROM totals ORDER BY day`;

@Injectable()
export class PaymentsSearchRepository extends PaymentsSearchStore {
  async search(work: UnitOfWork, filter: SearchFilter): Promise<TracedTransaction[]> {
    // Its filters are optional: the ones given decide its plan (ADR 0065).
    const rows: TransactionRow[] = await withPlansForValues(entityManagerOf(work), (tx) =>
      tx.query(SEARCH, [
        filter.projectId ?? null,
        filter.status ?? null,
        filter.type ?? null,
        filter.from ?? null,
        filter.to ?? null,
        filter.amountMin ?? null,
        filter.amountMax ?? null,
        filter.currency ?? null,
        filter.orderIdPrefix !== undefined ? `${escapeLike(filter.orderIdPrefix)}%` : null,
        filter.email ?? null,
        CODES,
        EXPONENTS,
        filter.beforeId ?? null,
        filter.limit,
      ]),
    );
    return rows.map(tracedTransaction);
  }

  async balanceHistory(
    work: UnitOfWork,
    projectId: number,
    currency: string,
    days: number,
  ): Promise<DayTotals[]> {
    const rows: Array<Record<keyof DayTotals, string>> = await entityManagerOf(work).query(
      BALANCE_HISTORY,
      [`merchant:${projectId}:available`, currency, days, `merchant:${projectId}:rolling-reserve`],
    );
    return rows.map((row) => ({
      date: row.date,
      payments: BigInt(row.payments),
      refunds: BigInt(row.refunds),
      payouts: BigInt(row.payouts),
      reserve: BigInt(row.reserve),
      balance: BigInt(row.balance),
    }));
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
