import { Injectable } from '@nestjs/common';
import type { ListTransactionsV1 } from '@opp/contracts';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import type { JournalEntry } from '../../ledger/domain/journal-entry';
import { journalAppend, statementValues } from '../../ledger/infrastructure/journal-statement';
import type {
  DecidedTransaction,
  NewTransaction,
  Transaction,
  TransactionStatus,
} from '../domain/transaction';
import { transactionListFilter } from './transaction-list-filter';
import { TransactionMapper, type TransactionRow } from './transaction.mapper';
import {
  StaleTransactionError,
  TransactionStore,
  type RequestLookup,
  type TransactionChange,
} from '../application/transaction.store';

/**
 * ADR 0014: a payment holds its order id unless it ended without money. The same predicate as the
 * partial unique index `transactions_one_live_payment_per_order`.
 */
const LIVE_PAYMENT = `(type = 'payment' AND status NOT IN ('failed', 'cancelled', 'abandoned'))`;

/** The constraint that refuses a second live payment for an order id. */
export const ONE_LIVE_PAYMENT_PER_ORDER = 'transactions_one_live_payment_per_order';

/**
 * The transaction a request (project $1, idempotency key $2) already made and the live payment of
 * its order ($3, null for none) in one look-up; also the first part of a charge's context read.
 */
export const REQUEST_LOOKUP = `SELECT *, idempotency_key = $2 AS earlier,
    coalesce(order_id = $3 AND ${LIVE_PAYMENT}, false) AS live_order
  FROM transactions
  WHERE project_id = $1 AND (idempotency_key = $2 OR (order_id = $3 AND ${LIVE_PAYMENT}))`;

/** A row of REQUEST_LOOKUP: null flags on a row that found no transaction (an outer join). */
export type RequestLookupRow = TransactionRow & {
  earlier: boolean | null;
  live_order: boolean | null;
};

export function requestLookupOf(rows: RequestLookupRow[]): RequestLookup {
  const earlier = rows.find((row) => row.earlier === true);
  const live = rows.find((row) => row.live_order === true);
  return {
    earlier: earlier && TransactionMapper.toDomain(earlier),
    live: live && TransactionMapper.toDomain(live),
  };
}

const many = (rows: TransactionRow[]) => rows.map((row) => TransactionMapper.toDomain(row));

/** The columns every insert writes, in the order of `valuesOf` ($1..$27). */
const COLUMNS = `project_id, idempotency_key, order_id, reference_id, type, method, reason,
  price_minor, fee_minor, currency, description, user_id, user_snapshot, card_id, card_view,
  attributes, sandbox, options, permanent_token_id, recurring, settle_at, task_id, task_global_id,
  checkout, md, pa_req, term_url`;
const VALUES = `$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15::jsonb,
  $16::jsonb, $17, $18::jsonb, $19, $20::jsonb, $21, $22, $23, $24::jsonb, $25, $26, $27`;

function valuesOf(t: NewTransaction): unknown[] {
  return [
    t.projectId,
    t.idempotencyKey,
    t.orderId,
    t.referenceId,
    t.type,
    t.method,
    t.reason,
    t.priceMinor.toString(),
    t.feeMinor.toString(),
    t.currency,
    t.description,
    t.user.id,
    JSON.stringify(t.user),
    t.cardId,
    t.card === null ? null : JSON.stringify(t.card),
    JSON.stringify(t.attributes),
    t.sandbox,
    JSON.stringify(t.options),
    t.permanentTokenId,
    t.recurring === null ? null : JSON.stringify(t.recurring),
    t.settleAt,
    t.task?.taskId ?? null,
    t.task?.globalId ?? null,
    t.checkout ? JSON.stringify(t.checkout) : null,
    t.acs?.md ?? null,
    t.acs?.paReq ?? null,
    t.acs?.termUrl ?? null,
  ];
}

@Injectable()
export class TransactionRepository extends TransactionStore {
  /**
   * ADR 0065: ON CONFLICT DO NOTHING without a target yields to both unique rules of a charge, the
   * request's (`transactions_once_per_request`) and the order's live payment (ADR 0014); an insert
   * that meets an uncommitted row of either waits for it, and inserts only if that one rolls back.
   * The move's journal entries and lines are CTEs of the same statement gated on the insert (one
   * round trip, and nothing posted for a charge that was not written).
   */
  async insertOnce(
    work: UnitOfWork,
    t: DecidedTransaction,
    postings: readonly JournalEntry[],
  ): Promise<Transaction | undefined> {
    const { values, bind } = statementValues([...valuesOf(t), t.status, t.id]);
    const journal = journalAppend(postings, bind, 'inserted');
    const ctes = [
      `inserted AS (INSERT INTO transactions (${COLUMNS}, status, original_status, id)
        VALUES (${VALUES}, $28, $28, $29)
        ON CONFLICT DO NOTHING RETURNING *)`,
      ...journal.entryCtes,
      ...(postings.length > 0 ? [`posted AS (${journal.insertLines})`] : []),
    ];
    const rows: TransactionRow[] = await entityManagerOf(work).query(
      `WITH ${ctes.join(',\n')}\nSELECT * FROM inserted`,
      values,
    );
    return many(rows)[0];
  }

  async findForRequest(
    work: UnitOfWork,
    projectId: number,
    idempotencyKey: string,
    orderId: string | null,
  ): Promise<RequestLookup> {
    const rows: RequestLookupRow[] = await entityManagerOf(work).query(REQUEST_LOOKUP, [
      projectId,
      idempotencyKey,
      orderId,
    ]);
    return requestLookupOf(rows);
  }

  /** Inserted as `opened`: the caller moves it on in the same database transaction. */
  async insert(work: UnitOfWork, t: NewTransaction): Promise<Transaction> {
    const rows: TransactionRow[] = await entityManagerOf(work).query(
      `INSERT INTO transactions (${COLUMNS}, status, original_status)
       VALUES (${VALUES}, 'opened', 'opened') RETURNING *`,
      valuesOf(t),
    );
    return TransactionMapper.toDomain(rows[0]);
  }

  /**
   * `original_status` follows `status` here: these are the transaction's own changes; a later
   * effect (a reversal) changes `status` alone, through `recordReversal`.
   * The row changes only while it still has `expectedStatus` (the status its caller decided on),
   * so a change based on a stale read fails instead of overwriting another's outcome.
   */
  async update(
    work: UnitOfWork,
    id: number,
    expectedStatus: TransactionStatus,
    change: TransactionChange,
  ): Promise<Transaction> {
    const [rows, count]: [TransactionRow[], number] = await entityManagerOf(work).query(
      `UPDATE transactions SET
         status = COALESCE($2::text, status), original_status = COALESCE($2::text, original_status),
         reason = CASE WHEN $3::boolean THEN $4::text ELSE reason END,
         fee_minor = COALESCE($5::bigint, fee_minor),
         permanent_token_id = COALESCE($6::text, permanent_token_id),
         recurring = COALESCE($7::jsonb, recurring),
         md = COALESCE($8::text, md), pa_req = COALESCE($9::text, pa_req),
         term_url = COALESCE($10::text, term_url),
         settle_at = CASE WHEN $11::boolean THEN $12::timestamptz ELSE settle_at END,
         updated_at = now()
       WHERE id = $1 AND status = $13 RETURNING *`,
      [
        id,
        change.status ?? null,
        'reason' in change,
        change.reason ?? null,
        change.feeMinor?.toString() ?? null,
        change.permanentTokenId ?? null,
        change.recurring ? JSON.stringify(change.recurring) : null,
        change.acs?.md ?? null,
        change.acs?.paReq ?? null,
        change.acs?.termUrl ?? null,
        'settleAt' in change,
        change.settleAt ?? null,
        expectedStatus,
      ],
    );
    if (count !== 1) throw new StaleTransactionError(id, expectedStatus);
    return TransactionMapper.toDomain(rows[0]);
  }

  async findByIdempotencyKey(work: UnitOfWork, projectId: number, key: string) {
    const rows: TransactionRow[] = await entityManagerOf(work).query(
      `SELECT * FROM transactions WHERE project_id = $1 AND idempotency_key = $2`,
      [projectId, key],
    );
    return many(rows)[0];
  }

  /** Locks the charge waiting on this MD: a second authenticate waits, then sees it finished. */
  async lockByMd(work: UnitOfWork, projectId: number, md: string) {
    const rows: TransactionRow[] = await entityManagerOf(work).query(
      `SELECT * FROM transactions WHERE md = $1 AND project_id = $2 FOR UPDATE`,
      [md, projectId],
    );
    return many(rows)[0];
  }

  /** Locks one transaction for a decision on it (the wallet checkout: confirm or cancel). */
  async lockById(work: UnitOfWork, id: number): Promise<Transaction | undefined> {
    const rows: TransactionRow[] = await entityManagerOf(work).query(
      `SELECT * FROM transactions WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return many(rows)[0];
  }

  async findById(work: UnitOfWork, id: number): Promise<Transaction | undefined> {
    const rows: TransactionRow[] = await entityManagerOf(work).query(
      `SELECT * FROM transactions WHERE id = $1`,
      [id],
    );
    return many(rows)[0];
  }

  /** ADR 0014: the order's live payment when there is one, else its latest transaction. */
  async findLatestByOrderId(work: UnitOfWork, projectId: number, orderId: string) {
    const rows: TransactionRow[] = await entityManagerOf(work).query(
      `SELECT * FROM transactions WHERE project_id = $1 AND order_id = $2
       ORDER BY ${LIVE_PAYMENT} DESC, id DESC LIMIT 1`,
      [projectId, orderId],
    );
    return many(rows)[0];
  }

  /**
   * Locks a payment of the project to reverse it: by id, or the order's live payment, else its
   * latest payment (ADR 0014). Concurrent reversals of one payment queue on this lock.
   */
  async lockPaymentForReversal(
    work: UnitOfWork,
    projectId: number,
    by: { id?: number; orderId?: string },
  ): Promise<Transaction | undefined> {
    const rows: TransactionRow[] =
      by.id !== undefined
        ? await entityManagerOf(work).query(
            `SELECT * FROM transactions WHERE id = $1 AND project_id = $2 FOR UPDATE`,
            [by.id, projectId],
          )
        : await entityManagerOf(work).query(
            `SELECT * FROM transactions
             WHERE project_id = $1 AND order_id = $2 AND type = 'payment'
             ORDER BY ${LIVE_PAYMENT} DESC, id DESC LIMIT 1 FOR UPDATE`,
            [projectId, by.orderId],
          );
    return many(rows)[0];
  }

  /** A payment's later effect: its status and reversed total; `original_status` and `updated_at` stay. */
  async recordReversal(
    work: UnitOfWork,
    payment: Transaction,
    after: { status: TransactionStatus; reversedMinor: bigint },
  ): Promise<void> {
    const [, count]: [unknown[], number] = await entityManagerOf(work).query(
      `UPDATE transactions SET status = $2, reversed_minor = $3
       WHERE id = $1 AND reversed_minor = $4 RETURNING id`,
      [payment.id, after.status, after.reversedMinor.toString(), payment.reversedMinor.toString()],
    );
    if (count !== 1) throw new StaleTransactionError(payment.id, payment.status);
  }

  /**
   * A payment's later effect without a reversed amount (a chargeback, a retrieval, ADR 0028):
   * `status` alone; `original_status` and `updated_at` stay.
   */
  async recordLaterEffect(
    work: UnitOfWork,
    payment: Transaction,
    status: TransactionStatus,
  ): Promise<void> {
    const [, count]: [unknown[], number] = await entityManagerOf(work).query(
      `UPDATE transactions SET status = $2 WHERE id = $1 AND status = $3 RETURNING id`,
      [payment.id, status, payment.status],
    );
    if (count !== 1) throw new StaleTransactionError(payment.id, payment.status);
  }

  /** The order's live payment (ADR 0014), if any. */
  async findLivePayment(work: UnitOfWork, projectId: number, orderId: string) {
    const rows: TransactionRow[] = await entityManagerOf(work).query(
      `SELECT * FROM transactions WHERE project_id = $1 AND order_id = $2 AND ${LIVE_PAYMENT}`,
      [projectId, orderId],
    );
    return many(rows)[0];
  }

  /** Processing charges whose settlement time has come; rows others hold are skipped. */
  async lockDueForSettlement(work: UnitOfWork, limit: number): Promise<Transaction[]> {
    const rows: TransactionRow[] = await entityManagerOf(work).query(
      `SELECT * FROM transactions WHERE status = 'processing' AND settle_at <= now()
       ORDER BY settle_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return many(rows);
  }

  /** The partial index on processing charges by settle_at answers it with one row. */
  async nextSettlementAt(work: UnitOfWork): Promise<Date | null> {
    const [row]: { due: Date | null }[] = await entityManagerOf(work).query(
      `SELECT min(settle_at) AS due FROM transactions WHERE status = 'processing'`,
    );
    return row?.due ?? null;
  }

  async list(work: UnitOfWork, query: ListTransactionsV1): Promise<Transaction[]> {
    const { where, params } = transactionListFilter(query, 'status = ?', 'type = ?');
    params.push(query.limit, (query.page - 1) * query.limit);
    const rows: TransactionRow[] = await entityManagerOf(work).query(
      `SELECT * FROM transactions WHERE ${where}
       ORDER BY id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return many(rows);
  }
}
