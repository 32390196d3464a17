// Generated from docs/openapi-admin.json by tools/openapi (`node dist/tools/openapi/src/sdk-types.js`): do
// not edit. A unit test fails when this file and the document disagree.

import type { ErrorEnvelope, SandboxClock, TraceStep } from './api-types';

export type { ErrorEnvelope, SandboxClock, TraceStep };

export type Delivery = {
  /** Delivery id */
  id: string;
  /** What is delivered */
  kind:
    | 'merchant-callback'
    | 'partner-notification'
    | 'message-webhook'
    | 'message-email';
  /** Delivery status */
  status: 'pending' | 'succeeded' | 'dead';
  /** Project */
  projectId: number | null;
  /** Partner */
  partnerIdentifier: string | null;
  /** Transaction id, GlobalId or task id */
  subject: string;
  /** GET, POST or SMTP */
  method: string;
  /** URL or e-mail address */
  target: string;
  /** Attempts so far */
  attempts: number;
  /** Last failure */
  lastError: string | null;
  /** Last HTTP status */
  lastHttpStatus: number | null;
  /** Next attempt */
  nextAttemptAt: string | null;
  /** Created */
  createdAt: string;
  /** Updated */
  updatedAt: string;
  /** Delivered */
  succeededAt: string | null;
  /** Given up */
  deadAt: string | null;
};

export type DeliveryView = {
  /** Delivery id */
  id: string;
  /** URL or e-mail address */
  target: string;
  /** What is delivered */
  event: string;
  /** Delivery kind */
  kind: string;
  /** Transaction id, GlobalId or task id */
  subject: string;
  /** Project */
  projectId: number | null;
  /** Delivery status */
  status: 'pending' | 'delivered' | 'dead';
  /** Created */
  createdAt: string;
  attempts: Array<{
    /** Started */
    at: string;
    /** HTTP status */
    httpStatus: number | null;
    /** Latency */
    latencyMs: number | null;
    /** Error */
    error: string | null;
    /** Next attempt due */
    nextRetryAt: string | null;
  }>;
};

export type Dispute = {
  /** The chargeback or retrieval transaction */
  id: number;
  /** Transaction type */
  type: 'chargeback' | 'retrieval';
  /** Its status */
  status: 'completed';
  /** The disputed payment */
  referenceId: number;
  /** The payment's status after it */
  paymentStatus: 'charged_back' | 'retrieved';
  /** Amount returned to the customer (chargeback) or to the merchant (retrieval) */
  price: string;
  /** The part of the fee that moved with it */
  fee: string;
  /** Currency */
  currency: string;
  penalty: {
    /** The penalty transaction */
    id: number;
    /** Penalty amount */
    price: string;
  } | null;
  /** Created */
  createdAt: string;
};

export type MoneyTrace = {
  subject: TraceSubject;
  /** Every step, ordered by time */
  steps: Array<TraceStep>;
  ledger: Array<{
    /** Journal entry id */
    id: string;
    /** Booked */
    at: string;
    /** Entry kind */
    kind: string;
    /** Transaction or payout booked */
    transactionId: number | null;
    postings: Array<{
      /** Ledger account */
      account: string;
      /** Side */
      direction: 'debit' | 'credit';
      /** Amount */
      amount: string;
      /** Currency */
      currency: string;
    }>;
    balancesAfter: Array<{
      /** Ledger account */
      account: string;
      /** Credit balance after the entry */
      balance: string;
      /** Currency */
      currency: string;
    }>;
  }>;
  deliveries: Array<DeliveryView>;
  tasks: Array<{
    /** Task id */
    id: string;
    /** Parent task */
    parentId: string | null;
    /** Branch */
    branch: 'root' | 'success' | 'fail' | 'always';
    /** Depth */
    level: number;
    /** Task function */
    type: string;
    /** Task status */
    status: string;
    /** Started */
    startedAt: string | null;
    /** Finished */
    finishedAt: string | null;
    /** The command (public payload), card data masked */
    command: {
      [name: string]: unknown;
    };
    /** The result data */
    result: {
      [name: string]: unknown;
    };
  }>;
  /** Services that did not answer in time: their part is left out */
  missing: Array<{
    /** Service */
    service: string;
    /** Why its part is missing */
    reason: string;
  }>;
};

export type OperatorToken = {
  /** The operator: the audit log names them so */
  name: string;
  /** read: GET only; write: every admin call */
  scope: 'read' | 'write';
  /** The operator who issued it (bootstrap: ADMIN_TOKEN) */
  createdBy: string;
  /** Issued */
  createdAt: string;
  /** Revoked; its calls answer 401 since */
  revokedAt: string | null;
};

export type PartnerTemplate = {
  /** Partner identifier */
  identifier: string;
  /** Template name */
  name: string;
  /** The template's tasks */
  tasks: Array<Record<string, never>>;
  /** Created */
  createdAt: string;
  /** Last update */
  updatedAt: string;
};

export type Project = {
  /** Project id */
  id: number;
  /** Name */
  name: string;
  /** Public key: the `project` parameter of /v1 calls */
  publicKey: string;
  /** After a rotation: until when the old key signs */
  previousKeyExpiresAt: string | null;
  /** Callback URL */
  callbackUrl: string | null;
  /** Base currency */
  baseCurrency: string;
  settings: ProjectSettingsDto;
  /** Created */
  createdAt: string;
  /** Last update */
  updatedAt: string;
};

export type ProjectWithPrivateKey = Project & {
  /** Private signing key; shown only when issued: store it now */
  privateKey: string;
};

export type TraceSubject = {
  /** Traced by */
  kind: 'transaction' | 'order' | 'processing';
  /** Transaction id, order id or GlobalId */
  id: string;
  /** Project */
  projectId: number;
  /** Order id */
  orderId: string | null;
  /** Type */
  type: string | null;
  /** Status */
  status: string | null;
  /** Amount */
  amount: string | null;
  /** Currency */
  currency: string | null;
};

export type CreateOperatorTokenDto = {
  /** The operator: the audit log names them so */
  name: string;
  scope: 'read' | 'write';
};

export type ProjectSettingsDto = {
  force3ds?: boolean;
  rememberEnabled?: boolean;
  sandbox?: boolean;
  feePercent?: string;
  feeFixed?: string;
  rollingReservePercent?: string;
  rollingReserveDays?: number;
  virtualCurrencyRate?: string;
  recurringMinDays?: number;
  recurringMonths?: number;
  /** ADR 0018: signed /v1 requests must carry a signed `timestamp` (Unix seconds) */
  requireTimestamp?: boolean;
  /** ADR 0015: GET /v1/card/getToken requests per minute from one client IP; null = the default (120, sandbox 1200) */
  tokenRateLimitPerIp?: number | null;
  /** ADR 0015: GET /v1/card/getToken requests per minute to the project from all clients; null = the default (6000, sandbox 60000) */
  tokenRateLimitPerProject?: number | null;
};

export type CreateProjectDto = {
  name: string;
  callbackUrl?: string;
  baseCurrency?: string;
  settings?: ProjectSettingsDto;
};

export type UpdateProjectDto = {
  name?: string;
  callbackUrl?: Record<string, unknown> | null;
  settings?: ProjectSettingsDto;
};

export type CreatePartnerDto = {
  identifier: string;
  projectId: number;
  name?: string;
};

export type PutTemplateDto = {
  /** Task objects as in a POST /processing request (type, payload, success, fail, always, expiration). `${parameters.X}` in a payload string is replaced by the request's payload.partner.parameters.X when a request uses the template as `template:<name>`. A template cannot use another template; at most 100 tasks and 10 levels. */
  tasks: Array<{
    [name: string]: unknown;
  }>;
};

/** The body of POST /admin/v1/operators. */
export type CreateOperatorBody = CreateOperatorTokenDto;

/** The answer of POST /admin/v1/operators. */
export type CreateOperatorAnswer = OperatorToken & {
  /** The bearer token; shown only now: store it now */
  token: string;
};

/** The answer of GET /admin/v1/operators. */
export type ListOperatorsAnswer = {
  operators: Array<OperatorToken>;
};

/** The answer of DELETE /admin/v1/operators/{name}. */
export type RemoveOperatorAnswer = Record<string, never>;

/** The body of POST /admin/v1/projects. */
export type CreateProjectBody = CreateProjectDto;

/** The answer of POST /admin/v1/projects. */
export type CreateProjectAnswer = ProjectWithPrivateKey;

/** The answer of GET /admin/v1/projects/{id}. */
export type GetProjectAnswer = Project;

/** The body of PATCH /admin/v1/projects/{id}. */
export type UpdateProjectBody = UpdateProjectDto;

/** The answer of PATCH /admin/v1/projects/{id}. */
export type UpdateProjectAnswer = Project;

/** The body of POST /admin/v1/projects/{id}/rotate-keys. */
export type RotateProjectKeysBody = {
  /** true: no grace period for the old key (default false) */
  revokePrevious?: boolean;
};

/** The answer of POST /admin/v1/projects/{id}/rotate-keys. */
export type RotateProjectKeysAnswer = ProjectWithPrivateKey;

/** The body of POST /admin/v1/partners. */
export type CreatePartnerBody = CreatePartnerDto;

/** The answer of POST /admin/v1/partners. */
export type CreatePartnerAnswer = {
  /** Partner identifier */
  identifier: string;
  /** Signing secret; shown only now */
  secret: string;
  /** The merchant project the partner works for */
  projectId: number;
};

/** The answer of GET /admin/v1/partners/{identifier}. */
export type GetPartnerAnswer = {
  /** Partner identifier */
  identifier: string;
  /** Project */
  projectId: number;
  /** Name */
  name: string | null;
};

/** The body of PUT /admin/v1/partners/{identifier}/templates/{name}. */
export type PutTemplateBody = PutTemplateDto;

/** The answer of PUT /admin/v1/partners/{identifier}/templates/{name}. */
export type PutTemplateAnswer = PartnerTemplate;

/** The answer of GET /admin/v1/partners/{identifier}/templates/{name}. */
export type GetTemplateAnswer = PartnerTemplate;

/** The answer of DELETE /admin/v1/partners/{identifier}/templates/{name}. */
export type DeleteTemplateAnswer = Record<string, never>;

/** The query of GET /admin/v1/deliveries. */
export type ListDeliveriesQuery = {
  /** Only this status */
  status?: 'pending' | 'succeeded' | 'dead';
  /** Only this kind */
  kind?:
    | 'merchant-callback'
    | 'partner-notification'
    | 'message-webhook'
    | 'message-email';
  /** Only this project */
  project?: number;
  /** Page, from 1 */
  page?: number;
  /** Per page */
  limit?: number;
};

/** The answer of GET /admin/v1/deliveries. */
export type ListDeliveriesAnswer = {
  /** Matching deliveries */
  totalCount: number;
  /** Page */
  page: number;
  /** Per page */
  limit: number;
  deliveries: Array<Delivery>;
};

/** The answer of POST /admin/v1/deliveries/{id}/replay. */
export type ReplayDeliveryAnswer = Delivery;

/** The answer of POST /admin/v1/sandbox/transactions/{id}/chargeback. */
export type SimulateChargebackAnswer = Dispute;

/** The answer of POST /admin/v1/sandbox/transactions/{id}/retrieval. */
export type SimulateRetrievalAnswer = Dispute;

/** The query of GET /admin/v1/projects/{id}/deliveries. */
export type ListProjectDeliveriesQuery = {
  /** Only this status */
  status?: 'pending' | 'delivered' | 'dead';
  /** Per page */
  limit?: number;
  /** The last page’s nextCursor */
  cursor?: string;
};

/** The answer of GET /admin/v1/projects/{id}/deliveries. */
export type ListProjectDeliveriesAnswer = {
  items: Array<DeliveryView>;
  /** Next page */
  nextCursor: string | null;
};

/** The answer of POST /admin/v1/deliveries/{id}/resend. */
export type ResendDeliveryAnswer = DeliveryView;

/** The query of POST /admin/v1/projects/{id}/deliveries/resend-dead. */
export type ResendDeadDeliveriesQuery = {
  /** true (default) or false */
  dryRun?: 'true' | 'false';
};

/** The answer of POST /admin/v1/projects/{id}/deliveries/resend-dead. */
export type ResendDeadDeliveriesAnswer = {
  dryRun: boolean;
  /** How many */
  count: number;
  items: Array<DeliveryView>;
};

/** The answer of GET /admin/v1/trace/transactions/{id}. */
export type TraceTransactionAnswer = MoneyTrace;

/** The answer of GET /admin/v1/trace/orders/{projectId}/{orderId}. */
export type TraceOrderAnswer = MoneyTrace;

/** The answer of GET /admin/v1/trace/processing/{globalId}. */
export type TraceProcessingRequestAnswer = MoneyTrace;

/** The query of GET /admin/v1/trace/search. */
export type SearchTracesQuery = {
  /** Only this kind */
  kind?: 'transaction' | 'processing';
  /** Project */
  projectId?: number;
  /** Status (a processing request’s without case) */
  status?: string;
  /** Transaction type */
  type?: string;
  /** Created from */
  from?: string;
  /** Created until */
  to?: string;
  /** Amount at least */
  amountMin?: string;
  /** Amount at most */
  amountMax?: string;
  /** Currency */
  currency?: string;
  /** Order id starts with */
  orderIdPrefix?: string;
  /** The user's e-mail address */
  email?: string;
  /** The partner that submitted the processing request (identifier) */
  partner?: string;
  /** GlobalId starts with (hex digits and dashes) */
  globalIdPrefix?: string;
  /** Per page */
  limit?: number;
  /** The last page’s nextCursor */
  cursor?: string;
};

/** The answer of GET /admin/v1/trace/search. */
export type SearchTracesAnswer = {
  items: Array<TraceSubject & {
    /** Kind */
    kind: 'transaction' | 'processing';
    /** Created */
    createdAt: string;
    /** A processing request's partner (identifier) */
    partner?: string;
  }>;
  /** The next page: pass as `cursor` */
  nextCursor: string | null;
  /** Services that did not answer in time: their kind is left out of this page */
  missing: Array<{
    /** Service */
    service: string;
    /** Why its kind is missing */
    reason: string;
  }>;
};

/** The query of GET /admin/v1/projects/{id}/balance/history. */
export type GetBalanceHistoryQuery = {
  /** How many days */
  days?: number;
  /** Currency (default: the base currency) */
  currency?: string;
};

/** The answer of GET /admin/v1/projects/{id}/balance/history. */
export type GetBalanceHistoryAnswer = {
  /** Currency */
  currency: string;
  days: Array<{
    /** Day (UTC) */
    date: string;
    /** Payments booked that day */
    payments: string;
    /** Refunds */
    refunds: string;
    /** Payouts */
    payouts: string;
    /** Rolling reserve held (negative) or released */
    reserve: string;
    /** Available balance at the end of the day */
    balance: string;
  }>;
};

/** The answer of GET /admin/v1/projects/{id}/clock. */
export type GetProjectClockAnswer = SandboxClock;

/** The body of POST /admin/v1/projects/{id}/clock/advance. */
export type AdvanceProjectClockBody = {
  /** Days to advance by */
  days: number;
  /** Seconds to advance by (added to days) */
  seconds: number;
};

/** The answer of POST /admin/v1/projects/{id}/clock/advance. */
export type AdvanceProjectClockAnswer = SandboxClock;
