// Generated from docs/openapi.json by tools/openapi (`node dist/tools/openapi/src/sdk-types.js`): do
// not edit. A unit test fails when this file and the document disagree.

/** Every /v1 and /processing refusal (ADR 0016). */
export type ErrorEnvelope = {
  error: {
    /** A code of the error catalogue; its first three digits are the HTTP status */
    code: number;
    /** What went wrong, never echoing the request */
    message: string;
  };
};

export type User = {
  /** Internal user id */
  id: string;
  /** The merchant's own, unchangeable user id */
  identifier: string;
  /** User name */
  displayName?: string | null;
  /** Email */
  email?: string | null;
  /** International format without + and separators */
  phone?: string | null;
  /** IP address */
  ip?: string | null;
  /** ISO 639-1 */
  locale?: string | null;
};

export type CardResponse = {
  /** Last four digits of the number */
  lastFour: string;
  /** The number with every digit but the last four as * */
  mask: string;
  /** Deprecated: the scheme again (some SDKs still read it) */
  type: string;
  /** Card scheme */
  scheme: string;
  /** Expiry month */
  expirationMonth: number;
  /** Expiry year (four digits) */
  expirationYear: number;
  /** Full payment answers: when the card expires */
  expiresAt?: string;
  /** Full payment answers: the cardholder */
  holder?: string | null;
  /** Full payment answers: the issuing bank */
  bankName?: string;
  /** Full payment answers: the issuing country (ISO 3166-1 alpha-2) */
  country?: string;
};

/** Present when the card is enrolled in 3-D Secure: redirect the user. */
export type Acs = {
  /** Where the user is sent by an HTTP POST of every parameter */
  url: string;
  parameters: {
    /** Payer authentication request */
    PaReq: string;
    /** Merchant data: hand it back to POST /v1/card/authenticate */
    MD: string;
    /** Where the access control server returns the user */
    TermUrl: string;
  };
};

export type Recurring = {
  /** Minimal number of days between recurring payments */
  frequency: number;
  /** Last date on which repeated payments are available */
  endsAt: string;
};

export type CardToken = {
  /** Token id: pass it as card_token within its lifetime */
  id: string;
  /** When the token expires (10 minutes) */
  expiresAt: string;
  card: CardResponse;
};

export type ChargeResult = TransactionBase & {
  /** Whether the payment went through (with acs: whether it can go on) */
  success: boolean;
  /** Transaction status */
  status: TransactionStatusValue;
  /** Why it failed, when it did */
  reason?: string | null;
  card: CardResponse;
  acs?: Acs;
  /** With remember=1: a token for later charges */
  permanentToken: string | null;
  recurring?: Recurring;
  /** Created */
  createdAt: string;
  /** Last update */
  updatedAt: string;
  user: User;
};

export type AuthenticateResult = {
  /** Transaction id */
  id: number;
  /** Whether the payment can go on */
  success: boolean;
  /** Transaction status after authentication */
  status: TransactionStatusValue;
  card: CardResponse;
  /** With remember=1: a token for later charges */
  permanentToken: string | null;
  recurring?: Recurring;
};

export type Transaction = TransactionBase & {
  /** Payment method */
  method: string;
  /** Status, later effects (refunded, charged_back) included */
  status: TransactionStatusValue;
  /** Last status applied to the transaction itself */
  originalStatus: TransactionStatusValue;
  /** Created */
  createdAt: string;
  /** Last update of the transaction itself */
  updatedAt: string;
  /** Reason */
  reason: string | null;
  user: User | null;
  card: CardResponse | null;
};

export type TransactionStatus = {
  /** Transaction id */
  id: number;
  /** Merchant order id */
  order_id: string | null;
  /** Price */
  price: string;
  /** Merchant fee */
  fee: string;
  /** ISO 4217 code */
  currency: string;
  /** Transaction type */
  type: string;
  /** Status, later effects included */
  status: TransactionStatusValue;
  /** Last status applied to the transaction itself */
  original_status: TransactionStatusValue;
  /** Created */
  created_at: string;
  /** Last update */
  updated_at: string;
};

export type TransactionList = {
  /** Transactions matching the filters */
  totalCount: number;
  transactions: Array<Transaction>;
};

export type Balance = {
  /** Available amount: what payouts can spend (ADR 0027: the reserve excluded) */
  amount: string;
  /** Held as rolling reserve until its days pass (ADR 0027) */
  rolling_reserve: string;
  /** ISO 4217 code */
  currency: string;
  /** Available amount in the base currency */
  base_amount: string;
  /** Rolling reserve in the base currency */
  base_rolling_reserve: string;
};

export type ResolvedUser = {
  /** Internal user id */
  id: string;
};

/** Every status a transaction can show */
export type TransactionStatusValue =
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

/** The fields a charge result and the Transaction resource share. */
export type TransactionBase = {
  /** Transaction id */
  id: number;
  /** Merchant order id */
  orderId: string | null;
  /** Parent transaction id */
  referenceId: number | null;
  /** Price */
  price: string;
  /** Merchant fee */
  fee: string;
  /** ISO 4217 code */
  currency: string;
  /** Transaction type */
  type: string;
};

export type ProcessingResponse = {
  header?: {
    request?: {
      id?: unknown;
      date?: string;
    };
    response?: {
      globalId?: string;
      id?: string;
      date?: string;
    };
    service?: {
      sync?: boolean;
      waitingTime?: 'PT0S' | 'PT1S' | 'PT2S';
      result?: Array<{
        type?: 'URL';
        uri?: string;
        method?: 'GET' | 'POST';
      }>;
    };
  };
  result?: {
    status?: 'PROCESSING' | 'WAITING' | 'FINISHED';
    code?: 0 | 1 | 2 | 3;
    comment?: string;
    interactive?: {
      type?: 'REDIRECT';
      uri?: string;
      method?: 'POST';
      parameters?: {
        [name: string]: string;
      };
    };
  };
  payload?: {
    tasks?: Array<{
      id?: string;
      type?: string;
      template?: string;
      payload?: Record<string, unknown>;
      result?: {
        status?:
          | 'PENDING'
          | 'RUNNING'
          | 'WAITING'
          | 'SUCCESS'
          | 'FAIL'
          | 'EXPIRED'
          | 'SKIPPED';
        reason?: string;
      };
      data?: Record<string, unknown>;
      success?: Array<Record<string, unknown>>;
      fail?: Array<Record<string, unknown>>;
      always?: Array<Record<string, unknown>>;
    }>;
  };
};

export type SandboxClock = {
  /** Project id */
  projectId: number;
  /** Whether the project is a sandbox project (only those have a clock to move) */
  sandbox: boolean;
  /** The project's time: the wall clock plus the offset */
  now: string;
  /** How far the project runs ahead of the wall clock */
  offsetSeconds: number;
  /** Advances so far */
  advances: number;
  /** The latest advance (wall clock) */
  advancedAt: string | null;
};

export type TraceStep = {
  /** When it happened */
  at: string;
  /** Where it happened */
  service:
    | 'api-gateway'
    | 'payments'
    | 'payouts'
    | 'users-recurring'
    | 'notifier'
    | 'processing-orchestrator';
  /** What kind of step */
  kind:
    | 'request'
    | 'message'
    | 'state'
    | 'journal'
    | 'delivery'
    | 'task';
  /** One human line */
  title: string;
  /** Kind-specific detail; card data only masked */
  detail: {
    [name: string]: unknown;
  };
};

/** The body of POST /v1/user/resolve. */
export type ResolveUserBody = {
  /** The project public key */
  project: string;
  /** The request signature (security scheme merchantSignature) */
  signature: string;
  /** Unique, unchangeable user identifier */
  identifier: string;
  /** Full name or nickname */
  display_name?: string;
  /** Email */
  email?: string;
  /** International format, without + and separators */
  phone?: string;
  /** ISO 639-1; default the project locale */
  locale?: string;
  /** User IP address (IPv4 or IPv6) */
  ip: string;
  /** User agent, at most 255 characters */
  ua?: string;
};

/** The answer of POST /v1/user/resolve. */
export type ResolveUserAnswer = ResolvedUser;

/** The query of GET /v1/card/getToken. */
export type GetTokenQuery = {
  /** Card number without separators */
  number: string;
  /** Expiry month */
  expiration_month: number;
  /** Expiry year, four digits */
  expiration_year: number;
  /** Card security code */
  security_code: string;
  /** Cardholder, at most 21 characters */
  holder?: string;
  /** JSONP function name */
  callback?: string;
};

/** The answer of GET /v1/card/getToken. */
export type GetTokenAnswer = CardToken;

/** The body of POST /v1/card/process. */
export type ProcessCardBody = {
  /** The project public key */
  project: string;
  /** The request signature (security scheme merchantSignature) */
  signature: string;
  user: string | {
    /** The merchant's own user id */
    identifier: string;
    /** User IP address (IPv4 or IPv6) */
    ip: string;
    /** Email */
    email?: string;
    /** Phone */
    phone?: string;
    /** ISO 639-1 */
    locale?: string;
    /** Name */
    displayName?: string;
  };
  /** Temporary or permanent card token */
  card_token?: string;
  /** Card data (form fields card[number], card[expiration_month], ...) */
  card?: {
    /** Card number without separators */
    number: string;
    /** Expiry month */
    expiration_month: number;
    /** Expiry year, four digits */
    expiration_year: number;
    /** Card security code */
    security_code: string;
    /** Cardholder, at most 21 characters */
    holder?: string;
  };
  /** Integer or decimal; at most the currency's decimals (400 40018) */
  price: string;
  /** ISO 4217 code */
  currency: string;
  /** Merchant order id (at most 64 characters); one live payment per order id */
  order_id?: string;
  /** Payment description */
  description: string;
  /** 1: 3-D Secure for this charge */
  "3ds"?: '0' | '1';
  /** Where the access control server returns the user */
  acs_return_url?: string;
  /** 1: answer a permanentToken */
  remember?: '0' | '1';
  /** 1: verify the card (1 EUR frozen and released) */
  verify_card?: '0' | '1';
  /** 1: subscribe the user to recurring payments */
  recurring?: '0' | '1';
  /** Days between repeated payments; 0: manual only */
  recurring_interval?: number;
  /** Trial days before the first repeated payment */
  recurring_trial?: number;
};

/** The answer of POST /v1/card/process. */
export type ProcessCardAnswer = ChargeResult;

/** The body of POST /v1/card/authenticate. */
export type AuthenticateBody = {
  /** The project public key */
  project: string;
  /** The request signature (security scheme merchantSignature) */
  signature: string;
  /** Payer authentication response, from the access control server */
  PaRes: string;
  /** Merchant data, from the charge answer */
  MD: string;
};

/** The answer of POST /v1/card/authenticate. */
export type AuthenticateAnswer = AuthenticateResult;

/** The query of GET /v1/transaction/status. */
export type TransactionStatusQuery = {
  /** Transaction id (digits) */
  id?: string;
  /** Merchant order id (at most 64 characters); one live payment per order id */
  order_id?: string;
};

/** The answer of GET /v1/transaction/status. */
export type TransactionStatusAnswer = TransactionStatus;

/** The answer of GET /v1/transactions/{id}. */
export type GetTransactionAnswer = Transaction;

/** The query of GET /v1/transactions. */
export type ListTransactionsQuery = {
  /** Merchant order id (at most 64 characters); one live payment per order id */
  orderId: string;
  /** Only this status */
  status?: TransactionStatusValue;
  /** Only this transaction type */
  type?: string;
  /** Created from: ISO 8601 date (YYYY-MM-DD, UTC; as a "to" bound it covers the whole day) or date-time with seconds and zone; bounds inclusive */
  "created[from]"?: string;
  /** Created until: ISO 8601 date (YYYY-MM-DD, UTC; as a "to" bound it covers the whole day) or date-time with seconds and zone; bounds inclusive */
  "created[to]"?: string;
  /** Updated from: ISO 8601 date (YYYY-MM-DD, UTC; as a "to" bound it covers the whole day) or date-time with seconds and zone; bounds inclusive */
  "updated[from]"?: string;
  /** Updated until: ISO 8601 date (YYYY-MM-DD, UTC; as a "to" bound it covers the whole day) or date-time with seconds and zone; bounds inclusive */
  "updated[to]"?: string;
  /** Page, from 1 */
  page?: number;
  /** Transactions per page */
  limit?: number;
};

/** The answer of GET /v1/transactions. */
export type ListTransactionsAnswer = TransactionList;

/** The body of POST /v1/transaction/reverse. */
export type ReverseTransactionBody = {
  /** The project public key */
  project: string;
  /** The request signature (security scheme merchantSignature) */
  signature: string;
  /** Transaction id (digits) */
  id?: string;
  /** Merchant order id (at most 64 characters); one live payment per order id */
  order_id?: string;
  /** Amount to reverse, in the payment currency, above zero */
  amount: string;
  /** Reason */
  comment?: string;
};

/** The answer of POST /v1/transaction/reverse. */
export type ReverseTransactionAnswer = {
  /** Whether the reversal went through */
  success: boolean;
  /** The reversal transaction */
  id: number;
  /** Merchant order id of the payment */
  orderId?: string | null;
  /** The reversed payment */
  referenceId: number;
  /** Amount reversed */
  price: string;
  /** ISO 4217 code */
  currency: string;
  /** Transaction type */
  type: 'refund';
  /** Status of the reversal */
  status: 'completed';
  /** Part of the payment fee returned */
  fee: string;
  card?: CardResponse | null;
  user?: User;
  /** Created */
  createdAt?: string;
  /** Last update */
  updatedAt?: string;
};

/** The query of GET /v1/balance. */
export type GetBalanceQuery = {
  /** ISO 4217 code */
  currency?: string;
};

/** The answer of GET /v1/balance. */
export type GetBalanceAnswer = Balance;

/** The body of POST /acs/challenge. */
export type ShowAcsChallengeBody = {
  /** Payer authentication request, from the charge answer */
  PaReq: string;
  /** Merchant data, from the charge answer */
  MD: string;
  /** Where the user returns (http or https) */
  TermUrl: string;
};

/** The body of POST /acs/challenge/submit. */
export type SubmitAcsChallengeBody = {
  /** Payer authentication request, from the charge answer */
  PaReq: string;
  /** Merchant data, from the charge answer */
  MD: string;
  /** Where the user returns (http or https) */
  TermUrl: string;
  /** The password typed */
  password?: string;
};

/** The body of POST /v1/transaction/create. */
export type CreateTransactionBody = {
  /** The project public key */
  project: string;
  /** The request signature (security scheme merchantSignature) */
  signature: string;
  /** Unique, unchangeable user identifier (external id) */
  user: string;
  /** Full name or nickname */
  display_name?: string;
  /** Wallet method key */
  payment_method:
    | 'e_wallet'
    | 'mobile_wallet'
    | 'online_banking'
    | 'bank_transfer'
    | 'prepaid_voucher'
    | 'qr_payment'
    | 'crypto_wallet';
  /** Integer or decimal; at most the currency's decimals (400 40018) */
  price: string;
  /** ISO 4217 code */
  currency: string;
  /** User email */
  email?: string;
  /** User IP address (IPv4 or IPv6) */
  ip?: string;
  /** User agent */
  ua?: string;
  /** Digits only, no + or separators; required for mobile_wallet */
  phone?: string;
  /** ISO 639-1 */
  locale?: string;
  /** Merchant order id (at most 64 characters); one live payment per order id */
  order_id?: string;
  /** Payment description */
  description: string;
  /** Where the user goes after confirming (303) */
  success_url: string;
  /** Where the user goes after cancelling (303) */
  fail_url: string;
};

/** The answer of POST /v1/transaction/create. */
export type CreateTransactionAnswer = {
  /** Transaction id */
  id: string;
  /** The price as a number (the spec) */
  amount: number;
  /** ISO 4217 code */
  currency: string;
  /** Always opened */
  status: TransactionStatusValue;
};

/** The body of POST /v1/card/processRecurring. */
export type ProcessRecurringBody = {
  /** The project public key */
  project: string;
  /** The request signature (security scheme merchantSignature) */
  signature: string;
  /** Internal user id (from POST /v1/user/resolve) */
  user: string;
  /** Integer or decimal; at most the currency's decimals (400 40018) */
  price: string;
  /** ISO 4217 code */
  currency: string;
  /** Merchant order id (at most 64 characters); one live payment per order id */
  order_id?: string;
  /** Payment description */
  description?: string;
};

/** The answer of POST /v1/card/processRecurring. */
export type ProcessRecurringAnswer = ChargeResult;

/** The body of POST /v1/user/changeRecurring. */
export type ChangeRecurringBody = {
  /** The project public key */
  project: string;
  /** The request signature (security scheme merchantSignature) */
  signature: string;
  /** Internal user id (from POST /v1/user/resolve) */
  user: string;
  /** Days between repeated payments; 0 leaves only manual recurring */
  interval?: number;
  /** Integer or decimal; at most the currency's decimals (400 40018) */
  price?: string;
  /** ISO 4217 code; required when price is present */
  currency?: string;
};

/** The answer of POST /v1/user/changeRecurring. */
export type ChangeRecurringAnswer = {
  /** Whether the change was applied */
  success: boolean;
};

/** The body of POST /v1/user/cancelRecurring. */
export type CancelRecurringBody = {
  /** The project public key */
  project: string;
  /** The request signature (security scheme merchantSignature) */
  signature: string;
  /** Internal user id (from POST /v1/user/resolve) */
  user: string;
};

/** The answer of POST /v1/user/cancelRecurring. */
export type CancelRecurringAnswer = {
  /** Whether the change was applied */
  success: boolean;
};

/** The answer of GET /v1/payout-types. */
export type ListPayoutTypesAnswer = {
  /** Always true */
  success: boolean;
  types: Array<{
    /** Type id */
    id: number;
    /** Type key */
    key: 'credit_card' | 'sepa' | 'e_wallet';
    /** Title */
    label: string;
  }>;
};

/** The query of GET /v1/payout-parameters. */
export type ListPayoutParametersQuery = {
  /** Id of a payout type (GET /v1/payout-types) */
  type: number;
  /** For cards the BIN (first 6 digits), otherwise the whole account */
  account: string;
  /** ISO 4217 code */
  currency: string;
};

/** The answer of GET /v1/payout-parameters. */
export type ListPayoutParametersAnswer = Array<{
  /** Parameter name in POST /v1/payout */
  name: string;
  /** Format of the value: text; date (d.m.Y); card-expiration (MM/YY); country (ISO 3166-1 alpha-2); bic (BIC/SWIFT, 8 or 11); phone (digits, international, no +); document-type (passport or id) */
  type:
    | 'text'
    | 'date'
    | 'card-expiration'
    | 'country'
    | 'bic'
    | 'phone'
    | 'document-type';
  /** Title */
  label: string;
  /** Whether the payout needs it */
  required: boolean;
}>;

/** The body of POST /v1/payout. */
export type CreatePayoutBody = {
  /** The project public key */
  project: string;
  /** The request signature (security scheme merchantSignature) */
  signature: string;
  /** Id of a payout type (GET /v1/payout-types) */
  type: number;
  /** Card number, IBAN or wallet id; for cards cardToken may replace it */
  account?: string;
  /** Card token instead of a card number in account */
  cardToken?: string;
  /** Amount to pay out */
  amount: string;
  /** ISO 4217 code */
  currency: string;
  /** Merchant order id (at most 64 characters); one live payment per order id */
  orderId?: string;
  [name: string]: unknown;
};

/** The answer of POST /v1/payout. */
export type CreatePayoutAnswer = {
  /** Payout id */
  id: number;
  /** Whether the payout was accepted */
  success: boolean;
  /** A callback status; processing until the rail answers */
  status: string;
};

/** The body of POST /processing. */
export type SubmitProcessingRequestBody = {
  header: {
    request?: {
      id?: string;
      date?: string;
    };
    service?: {
      sync?: boolean;
      waitTime?: 'PT0S' | 'PT1S' | 'PT2S';
      result?: Array<{
        type?: 'URL';
        uri?: string;
        method?: 'GET' | 'POST';
      }>;
    };
  };
  payload: {
    partner?: {
      identifier?: string;
      parameters?: {
        [name: string]: string;
      };
    };
    settings?: {
      culture?: string;
      encoding?: string;
      contact?: string;
      userIp?: string;
    };
    tasks?: Array<{
      type: string;
      payload?: {
        [name: string]: unknown;
      };
      success?: Array<Record<string, unknown>>;
      fail?: Array<Record<string, unknown>>;
      always?: Array<Record<string, unknown>>;
      expiration?: {
        date?: string;
      };
    }>;
  };
};

/** The answer of POST /processing. */
export type SubmitProcessingRequestAnswer = ProcessingResponse;

/** The answer of GET /processing/status/{globalId}. */
export type GetProcessingStatusAnswer = ProcessingResponse;

/** The answer of GET /v1/sandbox/clock. */
export type GetSandboxClockAnswer = SandboxClock;

/** The body of POST /v1/sandbox/clock/advance. */
export type AdvanceSandboxClockBody = {
  /** The project public key */
  project: string;
  /** The request signature (security scheme merchantSignature) */
  signature: string;
  /** Days to advance by */
  days: number;
  /** Seconds to advance by (added to days) */
  seconds: number;
};

/** The answer of POST /v1/sandbox/clock/advance. */
export type AdvanceSandboxClockAnswer = SandboxClock;

/** The answer of GET /health/live. */
export type CheckLivenessAnswer = {
  status?: 'ok';
};

/** The answer of GET /health/ready. */
export type CheckReadinessAnswer = {
  status?: 'ok' | 'unavailable';
  checks?: {
    [name: string]: string;
  };
};

/** The answer of GET /v1/transactions/{id}/events. */
export type ListTransactionEventsAnswer = {
  /** Transaction id */
  transactionId: number;
  /** Ordered by time */
  events: Array<TraceStep>;
};

/** The query of GET /processing/acs-return/{globalId}/{taskId}/continue. */
export type ContinueFromAcsQuery = {
  /** The encrypted target, as the 303 of the TermUrl names it */
  to: string;
};
