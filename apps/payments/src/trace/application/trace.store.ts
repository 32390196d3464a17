import type { UnitOfWork } from '@opp/persistence';

export interface TracedTransaction {
  id: number;
  table: 'transactions' | 'payouts';
  projectId: number;
  orderId: string | null;
  referenceId: number | null;
  type: string;
  status: string;
  priceMinor: bigint;
  currency: string;
  cardView: Record<string, unknown> | null;
  taskGlobalId: string | null;
  taskId: string | null;
  createdAt: Date;
}

export interface TracedState {
  subjectId: number;
  table: 'transactions' | 'payouts';
  status: string;
  reason: string | null;
  at: Date;
}

export interface TracedLine {
  account: string;
  currency: string;
  debit: bigint;
  credit: bigint;
  /** Credit balance after the entry; null for platform-wide accounts (ADR 0066). */
  balanceAfter: bigint | null;
}

export interface TracedEntry {
  id: string;
  kind: string;
  transactionId: number | null;
  at: Date;
  lines: TracedLine[];
}

export interface TraceLookup {
  projectId?: number;
  transactionIds: number[];
  orderId?: string;
  globalIds: string[];
}

/** Port: the payments records a money trace reads (ADR 0066). */
export abstract class PaymentsTraceStore {
  /** The transactions and payouts asked for, with their refunds and the payments they reverse. */
  abstract transactions(work: UnitOfWork, lookup: TraceLookup): Promise<TracedTransaction[]>;
  abstract states(work: UnitOfWork, ids: number[]): Promise<TracedState[]>;
  abstract entries(work: UnitOfWork, ids: number[]): Promise<TracedEntry[]>;
}

export interface SearchFilter {
  projectId?: number;
  status?: string;
  type?: string;
  from?: string;
  to?: string;
  /** Bounds in minor units of `currency`, or of each row's currency when none is given. */
  amountMin?: string;
  amountMax?: string;
  currency?: string;
  orderIdPrefix?: string;
  email?: string;
  limit: number;
  /** Only transactions with a smaller id (newest first). */
  beforeId?: number;
}

export interface DayTotals {
  date: string;
  payments: bigint;
  refunds: bigint;
  payouts: bigint;
  reserve: bigint;
  /** Available balance at the end of the day. */
  balance: bigint;
}

/** Port: the admin search and the balance history (ADR 0066). */
export abstract class PaymentsSearchStore {
  abstract search(work: UnitOfWork, filter: SearchFilter): Promise<TracedTransaction[]>;
  abstract balanceHistory(
    work: UnitOfWork,
    projectId: number,
    currency: string,
    days: number,
  ): Promise<DayTotals[]>;
}
