/**
 * The money trace (ADR 0066): one ordered timeline of what happened to a payment, a payout, an
 * order or a processing request, assembled by the gateway from each service's own records. These
 * are the admin API's shapes (docs/architecture/money-trace.md); the operator console reads them.
 * Times are ISO-8601 UTC, amounts decimal strings with their currency (ADR 0009), card data only
 * masked.
 */
export const TRACE_SERVICES = [
  'api-gateway',
  'payments',
  'payouts',
  'users-recurring',
  'notifier',
  'processing-orchestrator',
] as const;
export type TraceServiceName = (typeof TRACE_SERVICES)[number];

export const TRACE_STEP_KINDS = [
  'request',
  'message',
  'state',
  'journal',
  'delivery',
  'task',
] as const;
export type TraceStepKind = (typeof TRACE_STEP_KINDS)[number];

export interface TraceStep {
  /** When it happened. */
  at: string;
  /** Where it happened. */
  service: TraceServiceName;
  kind: TraceStepKind;
  /** One human line, e.g. "POST /v1/card/process → 200 (42 ms)". */
  title: string;
  /** Kind-specific; card data only masked. */
  detail: Record<string, unknown>;
}

export interface LedgerPostingView {
  account: string;
  direction: 'debit' | 'credit';
  amount: string;
  currency: string;
}

export interface LedgerBalanceView {
  account: string;
  /** Credit balance (credits minus debits) after the entry. */
  balance: string;
  currency: string;
}

export interface LedgerEntryView {
  id: string;
  at: string;
  /** The journal entry's kind, e.g. 'capture', 'refund', 'payout-reservation'. */
  kind: string;
  /** The transaction or payout the entry books. */
  transactionId: number | null;
  postings: LedgerPostingView[];
  balancesAfter: LedgerBalanceView[];
}

export type TraceDeliveryStatus = 'pending' | 'delivered' | 'dead';

export interface DeliveryAttemptView {
  at: string;
  httpStatus: number | null;
  latencyMs: number | null;
  error: string | null;
  /** When the next attempt is due, on the last failed attempt of a pending delivery. */
  nextRetryAt: string | null;
}

export interface DeliveryView {
  id: string;
  target: string;
  /** What is delivered: the delivery kind and its subject, e.g. "merchant-callback 123". */
  event: string;
  kind: string;
  subject: string;
  projectId: number | null;
  status: TraceDeliveryStatus;
  createdAt: string;
  attempts: DeliveryAttemptView[];
}

export interface TaskNodeView {
  id: string;
  parentId: string | null;
  branch: 'root' | 'success' | 'fail' | 'always';
  level: number;
  type: string;
  status: string;
  startedAt: string | null;
  finishedAt: string | null;
  command: unknown;
  result: unknown;
}

export type TraceSubjectKind = 'transaction' | 'order' | 'processing';

export interface TraceSubject {
  kind: TraceSubjectKind;
  id: string;
  projectId: number;
  orderId: string | null;
  type: string | null;
  status: string | null;
  amount: string | null;
  currency: string | null;
}

/** A part a service did not answer in time (or refused): the trace is returned without it. */
export interface TraceMissingPart {
  service: TraceServiceName;
  reason: string;
}

export interface MoneyTrace {
  subject: TraceSubject;
  /** Ordered by time (ties: the order in which the services recorded them). */
  steps: TraceStep[];
  ledger: LedgerEntryView[];
  deliveries: DeliveryView[];
  /** [] unless a processing request (or a transaction a task made). */
  tasks: TaskNodeView[];
  /** Services that did not answer; empty when the trace is complete. */
  missing: TraceMissingPart[];
}

export interface TraceSearchItem {
  kind: 'transaction' | 'processing';
  id: string;
  projectId: number;
  orderId: string | null;
  type: string | null;
  status: string | null;
  amount: string | null;
  currency: string | null;
  createdAt: string;
  /** A processing request's partner (its identifier); absent on a transaction. */
  partner?: string;
}

/** One service's page of the search: payments' transactions or the orchestrator's requests. */
export interface TraceSearchPage {
  items: TraceSearchItem[];
  nextCursor: string | null;
}

/**
 * The admin search's answer: transactions and processing requests merged newest first. A service
 * that did not answer in time is named in `missing` and its kind is left out of this page.
 */
export interface TraceSearchResult extends TraceSearchPage {
  missing: TraceMissingPart[];
}

export interface DeliveryPage {
  items: DeliveryView[];
  nextCursor: string | null;
}

export interface ResendDeadResult {
  dryRun: boolean;
  count: number;
  items: DeliveryView[];
}

export interface BalanceHistoryDay {
  date: string;
  payments: string;
  refunds: string;
  payouts: string;
  reserve: string;
  balance: string;
}

export interface BalanceHistory {
  currency: string;
  days: BalanceHistoryDay[];
}

/** The merchant's view of its own transaction (`GET /v1/transactions/{id}/events`). */
export interface MerchantTransactionEvents {
  transactionId: number;
  events: TraceStep[];
}
