import type * as Api from '../generated/api-types';

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

/** Every status a transaction can show (later effects such as refunded included). */
export type TransactionStatus = Api.TransactionStatusValue;

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
export type WalletPaymentMethod = Api.CreateTransactionBody['payment_method'];

// Answers: generated from the OpenAPI document (src/generated), so nullability, optionality and
// enums are the API's own and cannot drift.
export type User = Api.User;
export type CardResponse = Api.CardResponse;
export type Acs = Api.Acs;
export type Recurring = Api.Recurring;
export type PayoutType = Api.ListPayoutTypesAnswer['types'][number];
export type PayoutParameterControl = Api.ListPayoutParametersAnswer[number];
/** A control's format: text, date (d.m.Y), card-expiration (MM/YY), country, bic, phone, ... */
export type PayoutParameterType = PayoutParameterControl['type'];
/** A transaction as GET /transactions and GET /transactions/{id} answer it. */
export type Transaction = Api.Transaction;

export interface CardInput {
  number: string;
  expiration_month: number | string;
  expiration_year: number | string;
  security_code: string;
  /** At most 21 characters. */
  holder?: string;
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

export type ResolveUserResponse = Api.ResolveUserAnswer;

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

export type SuccessResponse = Api.ChangeRecurringAnswer;

// --- GET /card/getToken

export interface GetTokenRequest {
  number: string;
  expiration_month: number | string;
  expiration_year: number | string;
  security_code: string;
}

export type CardTokenResponse = Api.GetTokenAnswer;

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

export type PaymentResponse = Api.ProcessCardAnswer;

/** A reversal: the refund transaction of the payment. */
export type ReverseResponse = Api.ReverseTransactionAnswer;

export interface AuthenticateRequest {
  PaRes: string;
  MD: string;
}

export type AuthenticateResponse = Api.AuthenticateAnswer;

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

/** The fields of the document's body, the price as any Money. */
export type CreateTransactionRequest = Omit<
  Api.CreateTransactionBody,
  'project' | 'signature' | 'price'
> & { price: Money };

export type CreateTransactionResponse = Api.CreateTransactionAnswer;

// --- GET /transaction/status, /transactions/{id}, /transactions, /balance

export type TransactionStatusResponse = Api.TransactionStatusAnswer;

export interface TransactionsQuery {
  orderId: string;
  status?: TransactionStatus;
  type?: TransactionType;
  created?: { from?: string; to?: string };
  updated?: { from?: string; to?: string };
  page?: number;
  limit?: number;
}

export type TransactionsResponse = Api.ListTransactionsAnswer;

export type BalanceResponse = Api.GetBalanceAnswer;

// --- GET /payout-types, /payout-parameters, POST /payout

export type PayoutTypesResponse = Api.ListPayoutTypesAnswer;

export interface PayoutParametersRequest {
  type: number | string;
  /** For credit_card only the BIN (first 6 digits), else the whole account. */
  account: string;
  currency: string;
}

/**
 * The parameters GET /payout-parameters may ask for, by name (each control's `type` is the format
 * of its value). A SEPA payout (EUR, an IBAN as `account`) needs `beneficiaryFirstName`,
 * `beneficiaryLastName` and `receiverBankBIC`; a card payout `cardHolder` and `cardExpirationDate`
 * and, for a card issued outside the EEA or given as a token, also the beneficiary's names and
 * `birthDate`; an e-wallet `fullName` (and `phone` outside EUR). `description` is always optional.
 */
export interface PayoutParameters {
  /** text */
  cardHolder?: string;
  /** card-expiration: MM/YY */
  cardExpirationDate?: string;
  /** text */
  beneficiaryFirstName?: string;
  /** text */
  beneficiaryLastName?: string;
  /** date: d.m.Y, such as 31.01.1990 */
  birthDate?: string;
  /** bic: BIC/SWIFT, 8 or 11 characters */
  receiverBankBIC?: string;
  /** text */
  fullName?: string;
  /** phone: international digits without + */
  phone?: string;
  /** text */
  description?: string;
}

/** A payout: the common fields and the parameters its type, account and currency need. */
export interface PayoutRequest extends PayoutParameters {
  /** The id of a payout type (GET /payout-types). */
  type: number | string;
  amount: Money;
  currency: string;
  /** Card number, IBAN or wallet id; for cards `cardToken` may replace it. */
  account?: string;
  cardToken?: string;
  orderId?: string;
}

export type PayoutResponse = Api.CreatePayoutAnswer;

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
