import type { CallbackStatus, CardViewV1, RecurringViewV1, UserSnapshotV1 } from '@opp/contracts';

export type TransactionType = 'payment' | 'verification';

/** The statuses a card charge goes through in this service (gateway-api.md, States). */
export type TransactionStatus =
  'opened' | 'authenticating' | 'processing' | 'completed' | 'failed' | 'verified';

/** What the merchant asked for besides the charge itself, kept to finish it after 3-D Secure. */
export interface ChargeOptions {
  remember: boolean;
  /** Set when recurring=1: the subscription to record once the charge succeeds. */
  recurring: { interval: number; trial: number; price: string; currency: string } | null;
}

export interface AcsData {
  md: string;
  paReq: string;
  termUrl: string;
}

/** The processing task a charge was started by, to report its later outcome to. */
export interface TaskOrigin {
  taskId: string;
  globalId: string;
}

export interface Transaction {
  id: number;
  projectId: number;
  idempotencyKey: string;
  orderId: string | null;
  referenceId: number | null;
  type: TransactionType;
  method: 'card';
  status: TransactionStatus;
  originalStatus: TransactionStatus;
  reason: string | null;
  priceMinor: bigint;
  feeMinor: bigint;
  currency: string;
  description: string;
  user: UserSnapshotV1;
  cardId: string;
  card: CardViewV1;
  attributes: Record<string, string>;
  sandbox: boolean;
  options: ChargeOptions;
  permanentTokenId: string | null;
  recurring: RecurringViewV1 | null;
  acs: AcsData | null;
  settleAt: Date | null;
  task: TaskOrigin | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewTransaction = Omit<
  Transaction,
  'id' | 'status' | 'originalStatus' | 'createdAt' | 'updatedAt'
>;

/** The callback status a merchant is told about; none for steps it need not act on. */
export function callbackStatusOf(status: TransactionStatus): CallbackStatus | null {
  switch (status) {
    case 'completed':
    case 'failed':
    case 'processing':
    case 'verified':
      return status;
    case 'opened':
    case 'authenticating':
      return null;
  }
}

/** The spec's `success`: whether the charge went through or can still continue. */
export const isSuccessful = (status: TransactionStatus): boolean => status !== 'failed';

/** Money moved for the merchant: the ledger has the payment. */
export const isCompletedPayment = (t: Pick<Transaction, 'type' | 'status'>): boolean =>
  t.type === 'payment' && t.status === 'completed';
