/**
 * Requests and responses of the Card Payment Gateway API (/v1), named and typed as the API names
 * them: bigint identifiers are numbers (always below 2^53), decimals are strings. Money inputs take a
 * decimal string or a number; a number is sent as PHP renders it ("10.5", never "10.500000001").
 * `project` and `signature` are added by the client.
 */

/** A decimal amount: "10.00" or 10. */
export type Money = string | number;
/** A 0/1 switch; true and false are sent as "1" and "". */
export type Flag = boolean | 0 | 1 | '0' | '1';

export type TransactionStatus =
  | 'opened'
  | 'processing'
  | 'waiting_approval'
  | 'authenticating'
  | 'authorized'
  | 'completed'
  | 'failed'
  | 'cancelled'
  | 'abandoned'
  | 'refunded'
  | 'charged_back'
  | 'retrieved'
  | 'returned'
  | 'verified';

export type TransactionType =
  | 'deposit'
  | 'payment'
  | 'verification'
  | 'chargeback'
  | 'refund'
  | 'retrieval'
  | 'exchange'
  | 'payout'
  | 'settlement'
  | 'penalty'
  | 'rolling_reserve';

export type CallbackStatus =
  | 'completed'
  | 'waiting_approval'
  | 'processing'
  | 'failed'
  | 'verified'
  | 'refund_completed'
  | 'chargeback_completed'
  | 'retrieval_completed'
  | 'penalty_completed'
  | 'payout_completed'
  | 'payout_failed'
  | 'payout_cancelled'
  | 'payout_abandoned';

/** The seven wallet-type methods of POST /transaction/create; mobile_wallet needs `phone`. */
export type WalletPaymentMethod =
  | 'e_wallet'
  | 'mobile_wallet'
  | 'online_banking'
  | 'bank_transfer'
  | 'prepaid_voucher'
  | 'qr_payment'
  | 'crypto_wallet';

export interface User {
  id: string;
  identifier: string;
  displayName?: string;
  email?: string;
  phone?: string;
  ip?: string;
  locale?: string;
}

export interface CardResponse {
  lastFour: string;
  mask: string;
  /** Deprecated: use scheme. */
  type: string;
  scheme: string;
  expirationMonth: number;
  expirationYear: number;
  expiresAt?: string;
  holder?: string | null;
  bankName?: string;
  country?: string;
}

export interface CardInput {
  number: string;
  expiration_month: number | string;
  expiration_year: number | string;
  security_code: string;
  /** At most 21 characters. */
  holder?: string;
}

export interface Acs {
  url: string;
  parameters: { PaReq: string; MD: string; TermUrl: string };
}

export interface Recurring {
  frequency: number;
  endsAt: string;
}

export interface PayoutType {
  id: number;
  key: string;
  label: string;
}

export interface PayoutParameterControl {
  name: string;
  type: string;
  label: string;
  required: boolean;
}

/** A transaction as GET /transactions and GET /transactions/{id} answer it. */
export interface Transaction {
  id: number;
  orderId: string;
  referenceId: number | null;
  price: string;
  fee: string;
  currency: string;
  type: TransactionType;
  method: string;
  status: TransactionStatus;
  originalStatus: TransactionStatus;
  createdAt: string;
  updatedAt: string;
  reason: string | null;
  user: User;
  card: CardResponse;
}

// --- POST /user/resolve, /user/changeRecurring, /user/cancelRecurring

export interface ResolveUserRequest {
  identifier: string;
  ip: string;
  display_name?: string;
  email?: string;
  phone?: string;
  locale?: string;
  ua?: string;
}

export interface ResolveUserResponse {
  id: string;
}

export interface ChangeRecurringRequest {
  user: string;
  interval?: number | string;
  price?: Money;
  /** Required when price is given. */
  currency?: string;
}

export interface CancelRecurringRequest {
  user: string;
}

export interface SuccessResponse {
  success: boolean;
}

// --- GET /card/getToken

export interface GetTokenRequest {
  number: string;
  expiration_month: number | string;
  expiration_year: number | string;
  security_code: string;
}

export interface CardTokenResponse {
  id: string;
  expiresAt: string;
  card: CardResponse;
}

// --- POST /card/process, /card/authenticate, /card/processRecurring, /transaction/reverse

/** Custom attributes, returned in the callback. */
export type CustomAttributes = { [name: `attr_${string}`]: string | number | undefined };

interface ChargeCommon {
  /** An internal user id, or the user's data to resolve. */
  user: string | (ResolveUserRequest & Record<string, unknown>);
  price: Money;
  currency: string;
  description: string;
  order_id?: string;
  '3ds'?: Flag;
  acs_return_url?: string;
  remember?: Flag;
  verify_card?: Flag;
  recurring?: Flag;
  recurring_interval?: number | string;
  recurring_trial?: number | string;
}

export type ProcessCardRequest = ChargeCommon &
  CustomAttributes &
  ({ card_token: string; card?: undefined } | { card: CardInput; card_token?: undefined });

export interface PaymentResponse {
  success: boolean;
  id: number;
  orderId: string;
  referenceId: number | null;
  price: string;
  fee: string;
  currency: string;
  type: TransactionType;
  status: TransactionStatus;
  reason?: string | null;
  card: CardResponse;
  acs?: Acs;
  permanentToken?: string | null;
  recurring?: Recurring;
  createdAt: string;
  updatedAt: string;
  user: User;
}

export interface AuthenticateRequest {
  PaRes: string;
  MD: string;
}

export interface AuthenticateResponse {
  id: number;
  success: boolean;
  card: CardResponse;
  permanentToken?: string | null;
  recurring?: Recurring;
  status?: TransactionStatus;
}

export interface ProcessRecurringRequest {
  user: string;
  price: Money;
  currency: string;
  order_id?: string;
  description?: string;
}

/** One of id or order_id names the payment. */
export type TransactionRef =
  { id: number | string; order_id?: undefined } | { order_id: string; id?: undefined };

export type ReverseRequest = TransactionRef & { amount: Money; comment?: string };

// --- POST /transaction/create

export interface CreateTransactionRequest {
  user: string;
  payment_method: WalletPaymentMethod;
  price: Money;
  currency: string;
  description: string;
  success_url: string;
  fail_url: string;
  display_name?: string;
  email?: string;
  ip?: string;
  ua?: string;
  phone?: string;
  locale?: string;
  order_id?: string;
}

export interface CreateTransactionResponse {
  id: string;
  amount: number;
  currency: string;
  status: TransactionStatus;
}

// --- GET /transaction/status, /transactions/{id}, /transactions, /balance

export interface TransactionStatusResponse {
  id: number;
  order_id: string;
  price: string;
  fee: string;
  currency: string;
  type: TransactionType;
  status: TransactionStatus;
  original_status: TransactionStatus;
  created_at: string;
  updated_at: string;
}

export interface TransactionsQuery {
  orderId: string;
  status?: TransactionStatus;
  type?: TransactionType;
  created?: { from?: string; to?: string };
  updated?: { from?: string; to?: string };
  page?: number;
  limit?: number;
}

export interface TransactionsResponse {
  totalCount: number;
  transactions: Transaction[];
}

export interface BalanceResponse {
  amount: string;
  rolling_reserve: string;
  currency: string;
  base_amount: string;
  base_rolling_reserve: string;
}

// --- GET /payout-types, /payout-parameters, POST /payout

export interface PayoutTypesResponse {
  success: boolean;
  types: PayoutType[];
}

export interface PayoutParametersRequest {
  type: number | string;
  /** For credit_card only the BIN (first 6 digits), else the whole account. */
  account: string;
  currency: string;
}

/** The extra parameters GET /payout-parameters names travel beside the common ones. */
export type PayoutRequest = {
  type: number | string;
  amount: Money;
  currency: string;
  account?: string;
  cardToken?: string;
  orderId?: string;
} & Record<string, string | number | undefined>;

export interface PayoutResponse {
  id: number;
  success: boolean;
  status: CallbackStatus;
}

/** One step of a transaction's timeline (`transactionEvents`). */
export interface TransactionEvent {
  /** ISO-8601 UTC. */
  at: string;
  /** Where it happened, e.g. `api-gateway`, `payments`, `notifier`. */
  service: string;
  kind: 'request' | 'state' | 'journal' | 'delivery';
  /** One human line, e.g. "POST /v1/card/process → 200 (42 ms)". */
  title: string;
  /** Kind-specific; card data only masked. */
  detail: Record<string, unknown>;
}

export interface TransactionEventsResponse {
  transactionId: number;
  events: TransactionEvent[];
}
