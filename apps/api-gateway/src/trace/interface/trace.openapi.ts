import { TRACE_SERVICES, TRACE_STEP_KINDS } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { ApiDocOptions } from '../../http/interface/openapi/api-doc.decorator';
import {
  arrayOf,
  component,
  dateTime,
  decimal,
  extended,
  integer,
  nullable,
  object,
  string,
  type Schema,
} from '../../http/interface/openapi/schema-refs';

const anyObject = (description: string): Schema => ({
  type: 'object',
  additionalProperties: true,
  description,
});

export const TRACE_STEP_SCHEMA = component(
  'TraceStep',
  object({
    at: dateTime('When it happened'),
    service: string('Where it happened', { enum: [...TRACE_SERVICES] }),
    kind: string('What kind of step', { enum: [...TRACE_STEP_KINDS] }),
    title: string('One human line'),
    detail: anyObject('Kind-specific detail; card data only masked'),
  }),
);

const posting = object({
  account: string('Ledger account'),
  direction: string('Side', { enum: ['debit', 'credit'] }),
  amount: decimal('Amount'),
  currency: string('Currency'),
});

const ledgerEntry = object({
  id: string('Journal entry id'),
  at: dateTime('Booked'),
  kind: string('Entry kind'),
  transactionId: nullable(integer('Transaction or payout booked')),
  postings: arrayOf(posting),
  balancesAfter: arrayOf(
    object({
      account: string('Ledger account'),
      balance: decimal('Credit balance after the entry'),
      currency: string('Currency'),
    }),
  ),
});

export const DELIVERY_VIEW_SCHEMA = component(
  'DeliveryView',
  object({
    id: string('Delivery id', { format: 'uuid' }),
    target: string('URL or e-mail address'),
    event: string('What is delivered'),
    kind: string('Delivery kind'),
    subject: string('Transaction id, GlobalId or task id'),
    projectId: nullable(integer('Project')),
    status: string('Delivery status', { enum: ['pending', 'delivered', 'dead'] }),
    createdAt: dateTime('Created'),
    attempts: arrayOf(
      object({
        at: dateTime('Started'),
        httpStatus: nullable(integer('HTTP status')),
        latencyMs: nullable(integer('Latency')),
        error: nullable(string('Error')),
        nextRetryAt: nullable(dateTime('Next attempt due')),
      }),
    ),
  }),
);

const task = object({
  id: string('Task id', { format: 'uuid' }),
  parentId: nullable(string('Parent task')),
  branch: string('Branch', { enum: ['root', 'success', 'fail', 'always'] }),
  level: integer('Depth'),
  type: string('Task function'),
  status: string('Task status'),
  startedAt: nullable(dateTime('Started')),
  finishedAt: nullable(dateTime('Finished')),
  command: anyObject('The command (public payload), card data masked'),
  result: anyObject('The result data'),
});

/** What a trace is of; a search finds the same, of a transaction or a processing request. */
const TRACE_SUBJECT = component(
  'TraceSubject',
  object({
    kind: string('Traced by', { enum: ['transaction', 'order', 'processing'] }),
    id: string('Transaction id, order id or GlobalId'),
    projectId: integer('Project'),
    orderId: nullable(string('Order id')),
    type: nullable(string('Type')),
    status: nullable(string('Status')),
    amount: nullable(decimal('Amount')),
    currency: nullable(string('Currency')),
  }),
);

const MONEY_TRACE = component(
  'MoneyTrace',
  object({
    subject: TRACE_SUBJECT,
    steps: arrayOf(TRACE_STEP_SCHEMA, 'Every step, ordered by time'),
    ledger: arrayOf(ledgerEntry),
    deliveries: arrayOf(DELIVERY_VIEW_SCHEMA),
    tasks: arrayOf(task),
    missing: arrayOf(
      object({ service: string('Service'), reason: string('Why its part is missing') }),
      'Services that did not answer in time: their part is left out',
    ),
  }),
);

const admin = (summary: string, response: Schema, extra: Partial<ApiDocOptions> = {}) =>
  ({
    summary,
    auth: 'admin',
    response,
    errors: [ErrorCode.ResourceNotFound],
    ...extra,
  }) satisfies ApiDocOptions;

export const TraceDocs = {
  transaction: admin('Money trace of a transaction or payout (ADR 0066)', MONEY_TRACE),
  order: admin("Money trace of a project's order id (every transaction with it)", MONEY_TRACE),
  processing: admin('Money trace of a processing request, with its task tree', MONEY_TRACE),
  search: admin(
    'Find transactions and processing requests, newest first',
    object({
      items: arrayOf(
        extended(
          TRACE_SUBJECT,
          object(
            {
              kind: string('Kind', { enum: ['transaction', 'processing'] }),
              createdAt: dateTime('Created'),
              partner: string("A processing request's partner (identifier)"),
            },
            ['kind', 'createdAt'],
          ),
        ),
      ),
      nextCursor: nullable(string('The next page: pass as `cursor`')),
      missing: arrayOf(
        object({ service: string('Service'), reason: string('Why its kind is missing') }),
        'Services that did not answer in time: their kind is left out of this page',
      ),
    }),
    {
      description:
        'Payments answers for transactions and the processing orchestrator for processing ' +
        'requests (ADR 0066); the two are merged newest first. A filter only one kind has ' +
        '(transactions: type, amounts, currency, order id, e-mail; processing requests: partner, ' +
        'GlobalId prefix) searches that kind alone; filters of both kinds together are a 400.',
      query: {
        properties: {
          kind: string('Only this kind', { enum: ['transaction', 'processing'] }),
          projectId: integer('Project', { minimum: 1 }),
          status: string('Status (a processing request’s without case)'),
          type: string('Transaction type'),
          from: dateTime('Created from'),
          to: dateTime('Created until'),
          amountMin: decimal('Amount at least'),
          amountMax: decimal('Amount at most'),
          currency: string('Currency'),
          orderIdPrefix: string('Order id starts with'),
          email: string("The user's e-mail address"),
          partner: string('The partner that submitted the processing request (identifier)'),
          globalIdPrefix: string('GlobalId starts with (hex digits and dashes)'),
          limit: integer('Per page', { minimum: 1, maximum: 100 }),
          cursor: string('The last page’s nextCursor'),
        },
      },
      // Neither service answered in time (one alone is named in `missing`).
      errors: [ErrorCode.ServiceUnavailable],
    },
  ),
  balanceHistory: admin(
    "A project's balance day by day, from the ledger",
    object({
      currency: string('Currency'),
      days: arrayOf(
        object({
          date: string('Day (UTC)', { format: 'date' }),
          payments: decimal('Payments booked that day'),
          refunds: decimal('Refunds'),
          payouts: decimal('Payouts'),
          reserve: decimal('Rolling reserve held (negative) or released'),
          balance: decimal('Available balance at the end of the day'),
        }),
      ),
    }),
    {
      query: {
        properties: {
          days: integer('How many days', { minimum: 1, maximum: 366 }),
          currency: string('Currency (default: the base currency)'),
        },
      },
    },
  ),
  projectDeliveries: admin(
    "A project's delivery log, with every attempt",
    object({ items: arrayOf(DELIVERY_VIEW_SCHEMA), nextCursor: nullable(string('Next page')) }),
    {
      query: {
        properties: {
          status: string('Only this status', { enum: ['pending', 'delivered', 'dead'] }),
          limit: integer('Per page', { minimum: 1, maximum: 100 }),
          cursor: string('The last page’s nextCursor'),
        },
      },
      errors: [],
    },
  ),
  resend: admin('Send a dead or delivered delivery again', DELIVERY_VIEW_SCHEMA, {
    status: 202,
    errors: [ErrorCode.ResourceNotFound, ErrorCode.InvalidParameter],
  }),
  resendDead: admin(
    'Send every dead delivery of a project again; dryRun=true only lists what would be sent',
    object({
      dryRun: { type: 'boolean' },
      count: integer('How many'),
      items: arrayOf(DELIVERY_VIEW_SCHEMA),
    }),
    {
      query: {
        properties: { dryRun: string('true (default) or false', { enum: ['true', 'false'] }) },
      },
    },
  ),
};

export const TRANSACTION_EVENTS_DOC: ApiDocOptions = {
  summary: "The timeline of one of the project's transactions (signed; beyond the spec)",
  description:
    'Every step of the transaction as the platform recorded it: the signed requests, its status ' +
    'changes, its money movements and every callback attempt (ADR 0066). Another project’s ' +
    'transaction, or an unknown one: 404 40403. The path id is signed as on GET /transactions/{id}.',
  auth: 'merchant-signed',
  response: object({
    transactionId: integer('Transaction id'),
    events: arrayOf(TRACE_STEP_SCHEMA, 'Ordered by time'),
  }),
  errors: [ErrorCode.TransactionNotFound],
};
