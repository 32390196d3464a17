import { ErrorCode } from '@opp/errors';
import type { ApiDocOptions } from '../../http/interface/openapi/api-doc.decorator';
import { MerchantFields as F } from '../../http/interface/openapi/merchant-fields';
import { boolean, integer, object, ref, string } from '../../http/interface/openapi/schema-refs';

const REFUSALS =
  '404 40405 the user has no subscription; 403 40310 recurring cancelled or disabled (after ' +
  'declined automatic charges); 403 40311 after recurring.endsAt';
const success = object({ success: boolean('Whether the change was applied') });

/** Manual recurring and the subscription's settings (ADR 0012). */
export const RecurringDocs = {
  processRecurring: {
    summary: 'Charge a subscribed user again: the card on file, no card data, no 3-D Secure',
    description:
      `${REFUSALS}; 405 40502 within recurring.frequency days of the previous recurring charge ` +
      '(the subscribing payment does not count); 405 40503 when the card on file cannot be ' +
      'charged; 404 40406 unknown user. A decline is 200 with success false and status failed.',
    auth: 'merchant-signed',
    body: object(
      {
        user: F.userId,
        price: F.price,
        currency: F.currency,
        order_id: F.orderId,
        description: F.description,
      },
      ['user', 'price', 'currency'],
    ),
    response: ref('ChargeResult'),
    errors: [
      ErrorCode.AmountInvalidForCurrency,
      ErrorCode.RecurringDisabled,
      ErrorCode.RecurringExpired,
      ErrorCode.ReferenceRecurrentTransactionNotFound,
      ErrorCode.UserNotFound,
      ErrorCode.RecurringTooFrequent,
      ErrorCode.RecurrentTransactionNotCreated,
      ErrorCode.TransactionAlreadyCompleted,
    ],
  },
  changeRecurring: {
    summary: "Change the interval or price of a user's repeated payments",
    description:
      'interval in days (0 leaves only manual recurring; the automatic schedule is re-planned ' +
      'from the latest charge); price needs currency (400 40017 without it). ' +
      '404 40405 the user has no subscription; 403 40310 recurring cancelled or disabled.',
    auth: 'merchant-signed',
    body: object(
      {
        user: F.userId,
        interval: integer('Days between repeated payments; 0 leaves only manual recurring', {
          minimum: 0,
        }),
        price: F.price,
        currency: string('ISO 4217 code; required when price is present', {
          pattern: '^[A-Z]{3}$',
        }),
      },
      ['user'],
    ),
    response: success,
    errors: [
      ErrorCode.AmountInvalidForCurrency,
      ErrorCode.RecurringDisabled,
      ErrorCode.ReferenceRecurrentTransactionNotFound,
    ],
  },
  cancelRecurring: {
    summary: 'Cancel recurring for a user: no repeated payment after it (then 403 40310)',
    description: '404 40405 the user has no subscription; cancelling twice answers success.',
    auth: 'merchant-signed',
    body: object({ user: F.userId }),
    response: success,
    errors: [ErrorCode.ReferenceRecurrentTransactionNotFound],
  },
} satisfies Record<string, ApiDocOptions>;
