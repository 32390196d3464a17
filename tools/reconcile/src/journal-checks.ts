import { difference, type Difference, type Queryable } from './difference';

/**
 * The entries each transaction must have once its money moved, by type and own status
 * (ADR 0021, 0027, 0028): a completed payment its `payment` entry, a verification its hold and
 * release, a reversal, chargeback, retrieval or penalty its own, a returned reserve its return.
 */
const EXPECTED_ENTRIES: ReadonlyArray<[type: string, status: string, kind: string]> = [
  ['payment', 'completed', 'payment'],
  ['verification', 'verified', 'verification-hold'],
  ['verification', 'verified', 'verification-release'],
  ['refund', 'completed', 'reversal'],
  ['chargeback', 'completed', 'chargeback'],
  ['retrieval', 'completed', 'retrieval'],
  ['penalty', 'completed', 'penalty'],
  ['rolling_reserve', 'returned', 'rolling-reserve-return'],
];

const expectedValues = EXPECTED_ENTRIES.map(
  ([type, status, kind]) => `('${type}', '${status}', '${kind}')`,
).join(', ');

/** Every transaction has exactly the entries its status calls for, and no entry lacks a reason. */
export async function checkTransactionEntries(
  payments: Queryable,
  projectId: number,
): Promise<Difference[]> {
  const { rows } = await payments.query<{ id: string; kind: string; missing: boolean }>(
    `WITH expected AS (
       SELECT t.id AS transaction_id, r.kind FROM transactions t
       JOIN (VALUES ${expectedValues}) AS r(type, status, kind)
         ON t.type = r.type AND t.original_status = r.status
       WHERE t.project_id = $1
       UNION ALL
       SELECT payment_id, 'rolling-reserve-hold' FROM rolling_reserve_holds WHERE project_id = $1),
     actual AS (
       SELECT e.transaction_id, e.kind FROM journal_entries e
       JOIN transactions t ON t.id = e.transaction_id WHERE t.project_id = $1)
     SELECT COALESCE(x.transaction_id, a.transaction_id)::text AS id,
       COALESCE(x.kind, a.kind) AS kind, a.kind IS NULL AS missing
     FROM expected x FULL JOIN actual a
       ON a.transaction_id = x.transaction_id AND a.kind = x.kind
     WHERE x.kind IS NULL OR a.kind IS NULL
     ORDER BY 1, 2`,
    [projectId],
  );
  return rows.map((r) =>
    r.missing
      ? difference('transaction-entries', `transaction ${r.id}`, `no ${r.kind} entry`)
      : difference('transaction-entries', `transaction ${r.id}`, `unexpected ${r.kind} entry`),
  );
}

/**
 * Every entry of the project has two or more lines, balances per currency, and moves money for
 * a transaction or a payout (an entry of neither has no reason the books can show).
 */
export async function checkEntriesBalance(
  payments: Queryable,
  projectId: number,
): Promise<Difference[]> {
  const { rows } = await payments.query<{ id: string; kind: string; detail: string }>(
    `SELECT e.id::text AS id, e.kind, 'fewer than 2 lines' AS detail
     FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id
     WHERE e.project_id = $1 GROUP BY e.id HAVING count(l.id) < 2
     UNION ALL
     SELECT e.id::text, e.kind,
       format('debits %s <> credits %s in %s', sum(l.debit), sum(l.credit), l.currency)
     FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
     WHERE e.project_id = $1 GROUP BY e.id, l.currency HAVING sum(l.debit) <> sum(l.credit)
     UNION ALL
     SELECT e.id::text, e.kind, 'belongs to no transaction and no payout'
     FROM journal_entries e
     WHERE e.project_id = $1 AND e.transaction_id IS NULL AND e.payout_id IS NULL
     ORDER BY 1`,
    [projectId],
  );
  return rows.map((r) => difference('entry-balances', `entry ${r.id} (${r.kind})`, r.detail));
}

/**
 * The balance the payout guard reads (`merchant_available_balances`) equals the sum of the
 * postings on the account, and the merchant's accounts carry only the project's own entries.
 */
export async function checkBalances(payments: Queryable, projectId: number): Promise<Difference[]> {
  const account = `merchant:${projectId}:available`;
  const { rows } = await payments.query<{ currency: string; kept: string; posted: string }>(
    `WITH posted AS (
       SELECT currency, sum(credit) - sum(debit) AS amount FROM journal_lines
       WHERE account = $1 GROUP BY currency)
     SELECT COALESCE(b.currency, p.currency) AS currency,
       COALESCE(b.available, 0)::text AS kept, COALESCE(p.amount, 0)::text AS posted
     FROM (SELECT * FROM merchant_available_balances WHERE account = $1) b
     FULL JOIN posted p ON p.currency = b.currency
     WHERE COALESCE(b.available, 0) <> COALESCE(p.amount, 0)`,
    [account],
  );
  const foreign = await payments.query<{ id: string; account: string; owner: number }>(
    `SELECT DISTINCT e.id::text AS id, l.account, e.project_id AS owner
     FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
     WHERE l.account LIKE $1 AND e.project_id <> $2 ORDER BY 1`,
    [`merchant:${projectId}:%`, projectId],
  );
  return [
    ...rows.map((r) =>
      difference(
        'balance',
        `${account} ${r.currency}`,
        `kept balance ${r.kept} <> sum of postings ${r.posted}`,
      ),
    ),
    ...foreign.rows.map((r) =>
      difference('balance', r.account, `entry ${r.id} of project ${r.owner} posts on it`),
    ),
  ];
}

/** The reserve account holds exactly the shares not yet returned (ADR 0027). */
export async function checkRollingReserve(
  payments: Queryable,
  projectId: number,
): Promise<Difference[]> {
  const account = `merchant:${projectId}:rolling-reserve`;
  const { rows } = await payments.query<{ currency: string; held: string; posted: string }>(
    `WITH held AS (
       SELECT currency, sum(amount_minor) AS amount FROM rolling_reserve_holds
       WHERE project_id = $2 AND returned_transaction_id IS NULL GROUP BY currency),
     posted AS (
       SELECT currency, sum(credit) - sum(debit) AS amount FROM journal_lines
       WHERE account = $1 GROUP BY currency)
     SELECT COALESCE(h.currency, p.currency) AS currency,
       COALESCE(h.amount, 0)::text AS held, COALESCE(p.amount, 0)::text AS posted
     FROM held h FULL JOIN posted p ON p.currency = h.currency
     WHERE COALESCE(h.amount, 0) <> COALESCE(p.amount, 0)`,
    [account, projectId],
  );
  return rows.map((r) =>
    difference(
      'rolling-reserve',
      `${account} ${r.currency}`,
      `holds not returned ${r.held} <> account balance ${r.posted}`,
    ),
  );
}
