// The admin trace contract the console reads (docs/architecture/money-trace.md).
export type TraceServiceName =
  | 'api-gateway'
  | 'payments'
  | 'payouts'
  | 'users-recurring'
  | 'notifier'
  | 'processing-orchestrator';

export interface TraceStep {
  at: string;
  service: TraceServiceName;
  kind: 'request' | 'message' | 'state' | 'journal' | 'delivery' | 'task';
  title: string;
  detail: Record<string, unknown>;
}

export interface LedgerEntryView {
  id: string;
  at: string;
  kind: string;
  postings: { account: string; direction: 'debit' | 'credit'; amount: string; currency: string }[];
  balancesAfter: { account: string; balance: string; currency: string }[];
}

export interface DeliveryAttemptView {
  at: string;
  httpStatus: number | null;
  latencyMs: number | null;
  error: string | null;
  nextRetryAt: string | null;
}

export interface DeliveryView {
  id: string;
  target: string;
  event: string;
  status: 'pending' | 'delivered' | 'dead';
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

export interface TraceSubject {
  kind: 'transaction' | 'order' | 'processing';
  id: string;
  projectId: number;
  orderId: string | null;
  type: string | null;
  status: string | null;
  amount: string | null;
  currency: string | null;
}

export interface MoneyTrace {
  subject: TraceSubject;
  steps: TraceStep[];
  ledger: LedgerEntryView[];
  deliveries: DeliveryView[];
  tasks: TaskNodeView[];
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
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface BalanceDay {
  date: string;
  payments: string;
  refunds: string;
  payouts: string;
  reserve: string;
  balance: string;
}

export interface BalanceHistory {
  currency: string;
  days: BalanceDay[];
}

export interface ResendDeadResult {
  dryRun: boolean;
  count: number;
  items: DeliveryView[];
}
