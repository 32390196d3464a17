import { TRANSACTION_STATUSES } from '@opp/contracts';
import {
  arrayOf,
  bigintId,
  boolean,
  dateTime,
  decimal,
  described,
  extended,
  integer,
  nullable,
  object,
  ref,
  string,
  type Schema,
} from './schema-refs';

/** A transaction's status (TransactionStatusValue), with what it means where it stands. */
export const transactionStatus = (description: string) =>
  described(ref('TransactionStatusValue'), description);
const currency = string('ISO 4217 code', { pattern: '^[A-Z]{3}$', example: 'EUR' });

/**
 * The resources of the public interfaces, registered once in `components.schemas` and referenced
 * by every operation that answers with them.
 */
export const PUBLIC_SCHEMAS: Record<string, Schema> = {
  ErrorEnvelope: object(
    {
      error: object({
        code: integer('A code of the error catalogue; its first three digits are the HTTP status', {
          example: 40301,
        }),
        message: string('What went wrong, never echoing the request', {
          example: 'Signature invalid',
        }),
      }),
    },
    ['error'],
    'Every /v1 and /processing refusal (ADR 0016).',
  ),
  User: object(
    {
      id: string('Internal user id'),
      identifier: string("The merchant's own, unchangeable user id"),
      displayName: nullable(string('User name')),
      email: nullable(string('Email')),
      phone: nullable(string('International format without + and separators')),
      ip: nullable(string('IP address')),
      locale: nullable(string('ISO 639-1')),
    },
    ['id', 'identifier'],
  ),
  CardResponse: object(
    {
      lastFour: string('Last four digits of the number', { example: '1111' }),
      mask: string('The number with every digit but the last four as *', {
        example: '************1111',
      }),
      type: string('Deprecated: the scheme again (some SDKs still read it)', { deprecated: true }),
      scheme: string('Card scheme', { example: 'visa' }),
      expirationMonth: integer('Expiry month', { minimum: 1, maximum: 12 }),
      expirationYear: integer('Expiry year (four digits)'),
      expiresAt: dateTime('Full payment answers: when the card expires'),
      holder: nullable(string('Full payment answers: the cardholder')),
      bankName: string('Full payment answers: the issuing bank'),
      country: string('Full payment answers: the issuing country (ISO 3166-1 alpha-2)'),
    },
    ['lastFour', 'mask', 'type', 'scheme', 'expirationMonth', 'expirationYear'],
  ),
  Acs: object(
    {
      url: string('Where the user is sent by an HTTP POST of every parameter'),
      parameters: object({
        PaReq: string('Payer authentication request'),
        MD: string('Merchant data: hand it back to POST /v1/card/authenticate'),
        TermUrl: string('Where the access control server returns the user'),
      }),
    },
    ['url', 'parameters'],
    'Present when the card is enrolled in 3-D Secure: redirect the user.',
  ),
  Recurring: object({
    frequency: integer('Minimal number of days between recurring payments'),
    endsAt: dateTime('Last date on which repeated payments are available'),
  }),
  CardToken: object({
    id: string('Token id: pass it as card_token within its lifetime'),
    expiresAt: dateTime('When the token expires (10 minutes)'),
    card: ref('CardResponse'),
  }),
  ChargeResult: extended(
    ref('TransactionBase'),
    object(
      {
        success: boolean('Whether the payment went through (with acs: whether it can go on)'),
        status: transactionStatus('Transaction status'),
        reason: nullable(string('Why it failed, when it did')),
        card: ref('CardResponse'),
        acs: ref('Acs'),
        permanentToken: nullable(string('With remember=1: a token for later charges')),
        recurring: ref('Recurring'),
        createdAt: dateTime('Created'),
        updatedAt: dateTime('Last update'),
        user: ref('User'),
      },
      ['success', 'status', 'card', 'permanentToken', 'createdAt', 'updatedAt', 'user'],
    ),
  ),
  AuthenticateResult: object(
    {
      id: bigintId('Transaction id'),
      success: boolean('Whether the payment can go on'),
      status: transactionStatus('Transaction status after authentication'),
      card: ref('CardResponse'),
      permanentToken: nullable(string('With remember=1: a token for later charges')),
      recurring: ref('Recurring'),
    },
    ['id', 'success', 'status', 'card', 'permanentToken'],
  ),
  Transaction: extended(
    ref('TransactionBase'),
    object({
      method: string('Payment method', { example: 'card' }),
      status: transactionStatus('Status, later effects (refunded, charged_back) included'),
      originalStatus: transactionStatus('Last status applied to the transaction itself'),
      createdAt: dateTime('Created'),
      updatedAt: dateTime('Last update of the transaction itself'),
      reason: nullable(string('Reason')),
      user: nullable(ref('User')),
      card: nullable(ref('CardResponse')),
    }),
  ),
  TransactionStatus: object({
    id: bigintId('Transaction id'),
    order_id: nullable(string('Merchant order id')),
    price: decimal('Price'),
    fee: decimal('Merchant fee', '0.2900'),
    currency,
    type: string('Transaction type'),
    status: transactionStatus('Status, later effects included'),
    original_status: transactionStatus('Last status applied to the transaction itself'),
    created_at: dateTime('Created'),
    updated_at: dateTime('Last update'),
  }),
  TransactionList: object({
    totalCount: integer('Transactions matching the filters'),
    transactions: arrayOf(ref('Transaction')),
  }),
  Balance: object({
    amount: decimal('Available amount: what payouts can spend (ADR 0027: the reserve excluded)'),
    rolling_reserve: decimal('Held as rolling reserve until its days pass (ADR 0027)'),
    currency,
    base_amount: decimal('Available amount in the base currency'),
    base_rolling_reserve: decimal('Rolling reserve in the base currency'),
  }),
  ResolvedUser: object({ id: string('Internal user id') }),
  TransactionStatusValue: string('Every status a transaction can show', {
    enum: [...TRANSACTION_STATUSES],
  }),
  TransactionBase: object(
    {
      id: bigintId('Transaction id'),
      orderId: nullable(string('Merchant order id')),
      referenceId: nullable(bigintId('Parent transaction id')),
      price: decimal('Price'),
      fee: decimal('Merchant fee', '0.2900'),
      currency,
      type: string('Transaction type', { example: 'payment' }),
    },
    undefined,
    'The fields a charge result and the Transaction resource share.',
  ),
};
