import { ErrorCode } from '@opp/errors';
import type { ApiDocOptions } from '../../http/interface/openapi/api-doc.decorator';
import { MerchantFields as F } from '../../http/interface/openapi/merchant-fields';
import {
  arrayOf,
  bigintId,
  boolean,
  decimal,
  integer,
  object,
  string,
} from '../../http/interface/openapi/schema-refs';

const typeId = integer('Id of a payout type (GET /v1/payout-types)', { minimum: 1 });

/** The payout operations (ADR 0011, ADR 0060). */
export const PayoutDocs = {
  types: {
    summary: 'Payout types (unsigned; cacheable)',
    auth: 'merchant-public',
    response: object({
      success: boolean('Always true'),
      types: arrayOf(
        object({
          id: integer('Type id', { example: 1 }),
          key: string('Type key', { enum: ['credit_card', 'sepa', 'e_wallet'] }),
          label: string('Title', { example: 'Credit card' }),
        }),
      ),
    }),
  },
  parameters: {
    summary: 'Parameters a payout needs by type, account and currency (unsigned; cacheable)',
    description:
      'For a card only the BIN matters (its country decides); a longer number is cut to its ' +
      'first 6 digits. Unknown type, bad account or currency: 400 40017.',
    auth: 'merchant-public',
    query: {
      properties: {
        type: typeId,
        account: string('For cards the BIN (first 6 digits), otherwise the whole account'),
        currency: F.currency,
      },
      required: ['type', 'account', 'currency'],
    },
    response: arrayOf(
      object({
        name: string('Parameter name in POST /v1/payout', { example: 'cardExpirationDate' }),
        type: string(
          'Format of the value: text; date (d.m.Y); card-expiration (MM/YY); country (ISO ' +
            '3166-1 alpha-2); bic (BIC/SWIFT, 8 or 11); phone (digits, international, no +); ' +
            'document-type (passport or id)',
          { enum: ['text', 'date', 'card-expiration', 'country', 'bic', 'phone', 'document-type'] },
        ),
        label: string('Title', { example: 'Card expiry (MM/YY)' }),
        required: boolean('Whether the payout needs it'),
      }),
    ),
  },
  create: {
    summary: 'Create a payout (signed; replay-guarded)',
    description:
      'A missing required parameter: 400 40016 naming it; a malformed one 400 40017. The amount ' +
      'is reserved against the available balance before the payout is accepted: above it, 403 ' +
      '40313 and nothing reserved. An orderId naming a live payout: 405 40501. The answer carries ' +
      'status processing; the callback (payout_completed, payout_failed, payout_cancelled) follows.',
    auth: 'merchant-signed',
    body: {
      ...object(
        {
          type: typeId,
          account: string('Card number, IBAN or wallet id; for cards cardToken may replace it'),
          cardToken: string('Card token instead of a card number in account'),
          amount: decimal('Amount to pay out'),
          currency: F.currency,
          orderId: F.orderId,
        },
        ['type', 'amount', 'currency'],
      ),
      additionalProperties: string(
        'The parameters GET /v1/payout-parameters lists, named as in the spec',
      ),
    },
    response: object({
      id: bigintId('Payout id'),
      success: boolean('Whether the payout was accepted'),
      status: string('A callback status; processing until the rail answers', {
        example: 'processing',
      }),
    }),
    errors: [
      ErrorCode.PayoutParameterMissing,
      ErrorCode.CardNumberInvalid,
      ErrorCode.AmountInvalidForCurrency,
      ErrorCode.InsufficientBalance,
      ErrorCode.TransactionAlreadyCompleted,
      ErrorCode.GatewayMisconfigured,
    ],
  },
} satisfies Record<string, ApiDocOptions>;
