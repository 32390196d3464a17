import type {
  CallbackStatus,
  CardViewV1,
  RecurringViewV1,
  UserSnapshotV1,
  WalletMethod,
} from '@opp/contracts';

/**
 * `refund`: a reversal of a payment, its own transaction whose `referenceId` is the payment; so
 * are the later movements `rolling_reserve` (its reserve returned, ADR 0027), `chargeback`,
 * `retrieval` and `penalty` (sandbox disputes, ADR 0028).
 */
export type TransactionType =
  | 'payment'
  | 'verification'
  | 'refund'
  | 'rolling_reserve'
  | 'chargeback'
  | 'retrieval'
  | 'penalty';

/** The statuses a card charge goes through in this service (gateway-api.md, States). */
export type TransactionStatus =
  | 'opened'
  | 'authenticating'
  | 'processing'
  | 'completed'
  | 'failed'
  | 'verified'
  | 'cancelled'
  /** Later effects on a payment (status only; `originalStatus` stays `completed`). */
  | 'refunded'
  | 'charged_back'
  | 'retrieved'
  /** A `rolling_reserve` transaction: the reserve came back to the available balance. */
  | 'returned';

/** ADR 0008: what a wallet transaction needs besides the charge fields (it has no card). */
export interface WalletCheckout {
  phone: string | null;
  successUrl: string;
  failUrl: string;
}

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
  method: 'card' | WalletMethod;
  status: TransactionStatus;
  originalStatus: TransactionStatus;
  reason: string | null;
  priceMinor: bigint;
  feeMinor: bigint;
  /** How much of a payment its reversals have returned so far (0 for other types). */
  reversedMinor: bigint;
  currency: string;
  description: string;
  user: UserSnapshotV1;
  /** Null only for wallet transactions (a CHECK by method in the database). */
  cardId: string | null;
  card: CardViewV1 | null;
  attributes: Record<string, string>;
  sandbox: boolean;
  options: ChargeOptions;
  permanentTokenId: string | null;
  recurring: RecurringViewV1 | null;
  acs: AcsData | null;
  settleAt: Date | null;
  task: TaskOrigin | null;
  checkout: WalletCheckout | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewTransaction = Omit<
  Transaction,
  'id' | 'status' | 'originalStatus' | 'reversedMinor' | 'createdAt' | 'updatedAt' | 'checkout'
> & { checkout?: WalletCheckout | null };

/**
 * The fields of a card charge's own steps, empty in a transaction that is not one (a wallet
 * payment, a derived movement): no card remembered, no subscription, no 3-D Secure, no delayed
 * settlement, no processing task.
 */
export const WITHOUT_CHARGE_STEPS = {
  options: { remember: false, recurring: null },
  permanentTokenId: null,
  recurring: null,
  acs: null,
  settleAt: null,
  task: null,
} as const satisfies Partial<NewTransaction>;

/**
 * A card charge as it is written, once (ADR 0065): in the status its first move decided, with the
 * id taken for it beforehand so its postings, events and 3-D Secure data can name it.
 */
export type DecidedTransaction = NewTransaction & { id: number; status: TransactionStatus };

/**
 * The callback status a merchant is told about; none for steps it need not act on. A completed
 * reversal is `refund_completed` (its `reference_id` names the payment); the payment's own move to
 * `refunded` is a later effect, told by that callback and not by one of its own.
 */
export function callbackStatusOf(
  status: TransactionStatus,
  type: TransactionType = 'payment',
): CallbackStatus | null {
  const completed = status === 'completed';
  switch (type) {
    case 'refund':
      return completed ? 'refund_completed' : null;
    case 'chargeback':
      return completed ? 'chargeback_completed' : null;
    case 'retrieval':
      return completed ? 'retrieval_completed' : null;
    case 'penalty':
      return completed ? 'penalty_completed' : null;
    // The spec's callback statuses have none for a returned reserve (ADR 0027).
    case 'rolling_reserve':
      return null;
    case 'payment':
    case 'verification':
      break;
  }
  switch (status) {
    case 'completed':
    case 'failed':
    case 'processing':
    case 'verified':
      return status;
    // ADR 0008: a cancelled checkout is reported as failed (reason `cancelled`).
    case 'cancelled':
      return 'failed';
    case 'opened':
    case 'authenticating':
    case 'refunded':
    case 'charged_back':
    case 'retrieved':
    case 'returned':
      return null;
  }
}

/** The spec's `success`: whether the charge went through or can still continue. */
export const isSuccessful = (status: TransactionStatus): boolean =>
  status !== 'failed' && status !== 'cancelled';

/** The card of a card charge; a wallet transaction has none and never reaches card code. */
export function cardIdOf(t: Pick<Transaction, 'id' | 'cardId'>): string {
  if (t.cardId === null) throw new Error(`transaction ${t.id} has no card`);
  return t.cardId;
}

export function cardViewOfCharge(t: Pick<Transaction, 'id' | 'card'>): CardViewV1 {
  if (t.card === null) throw new Error(`transaction ${t.id} has no card`);
  return t.card;
}

/** Money moved for the merchant: the ledger has the payment. */
export const isCompletedPayment = (t: Pick<Transaction, 'type' | 'status'>): boolean =>
  t.type === 'payment' && t.status === 'completed';
