import { TRANSACTIONS_PAGE_DEFAULT, TRANSACTIONS_PAGE_MAX } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { ApiDocOptions } from '../../http/interface/openapi/api-doc.decorator';
import { MerchantFields as F } from '../../http/interface/openapi/merchant-fields';
import { transactionStatus } from '../../http/interface/openapi/public-schemas';
import {
  bigintId,
  boolean,
  dateTime,
  decimal,
  integer,
  nullable,
  object,
  ref,
  string,
} from '../../http/interface/openapi/schema-refs';

const dateFilter = (what: string) =>
  string(
    `${what}: ISO 8601 date (YYYY-MM-DD, UTC; as a "to" bound it covers the whole day) or ` +
      'date-time with seconds and zone; bounds inclusive',
  );

export const TRANSACTION_STATUS_DOC: ApiDocOptions = {
  summary: 'Status of one transaction by id or order_id (signed; snake_case fields)',
  description: 'Neither id nor order_id: 400 40017; unknown or malformed id: 404 40403.',
  auth: 'merchant-signed',
  query: { properties: { id: F.transactionId, order_id: F.orderId } },
  response: ref('TransactionStatus'),
  errors: [ErrorCode.TransactionNotFound],
};

export const ONE_TRANSACTION_DOC: ApiDocOptions = {
  summary: 'One transaction with its user and card (signed, the path id among the signed values)',
  description:
    'The path id is signed like a parameter (ADR 0003); SDKs may also send it in the query. A ' +
    'signature without it is 403 40301.',
  auth: 'merchant-signed',
  response: ref('Transaction'),
  errors: [ErrorCode.TransactionNotFound],
};

export const LIST_TRANSACTIONS_DOC: ApiDocOptions = {
  summary: 'Transactions of an order id, filtered and paged (signed)',
  description: 'Anything invalid: 400 40017.',
  auth: 'merchant-signed',
  query: {
    properties: {
      orderId: F.orderId,
      status: transactionStatus('Only this status'),
      type: string('Only this transaction type'),
      'created[from]': dateFilter('Created from'),
      'created[to]': dateFilter('Created until'),
      'updated[from]': dateFilter('Updated from'),
      'updated[to]': dateFilter('Updated until'),
      page: integer('Page, from 1', { minimum: 1, default: 1 }),
      limit: integer('Transactions per page', {
        minimum: 1,
        maximum: TRANSACTIONS_PAGE_MAX,
        default: TRANSACTIONS_PAGE_DEFAULT,
      }),
    },
    required: ['orderId'],
  },
  response: ref('TransactionList'),
};

export const REVERSE_DOC: ApiDocOptions = {
  summary: 'Reverse a completed payment, wholly or in part (signed; replay-guarded)',
  description:
    'By `id` or `order_id` (the live payment of that order, else the latest). Partial reversals ' +
    'may add up to the payment, never beyond it. The answer is the reversal transaction (type ' +
    '`refund`, `referenceId` = the payment); the merchant gets a `refund_completed` callback ' +
    'whose reference_id names the payment, whose status becomes `refunded` (also after a partial ' +
    'reversal) while originalStatus stays `completed`. The fee is returned in proportion (ADR ' +
    '0021). A payment that is not completed, fully reversed, or an amount above what is left: ' +
    '405 40504, and nothing moves.',
  auth: 'merchant-signed',
  body: object(
    {
      id: F.transactionId,
      order_id: F.orderId,
      amount: decimal('Amount to reverse, in the payment currency, above zero'),
      comment: string('Reason', { maxLength: 255 }),
    },
    ['amount'],
    'One of id or order_id names the payment.',
  ),
  response: object(
    {
      success: boolean('Whether the reversal went through'),
      id: bigintId('The reversal transaction'),
      orderId: nullable(string('Merchant order id of the payment')),
      referenceId: bigintId('The reversed payment'),
      price: decimal('Amount reversed'),
      currency: string('ISO 4217 code'),
      type: string('Transaction type', { enum: ['refund'] }),
      status: string('Status of the reversal', { enum: ['completed'] }),
      fee: decimal('Part of the payment fee returned', '0.1450'),
      card: nullable(ref('CardResponse')),
      user: ref('User'),
      createdAt: dateTime('Created'),
      updatedAt: dateTime('Last update'),
    },
    ['success', 'id', 'referenceId', 'price', 'currency', 'type', 'status', 'fee'],
  ),
  errors: [
    ErrorCode.AmountInvalidForCurrency,
    ErrorCode.TransactionNotFound,
    ErrorCode.TransactionNotReversible,
  ],
};
