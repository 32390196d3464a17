import { WALLET_METHODS } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { ApiDocOptions } from '../../http/interface/openapi/api-doc.decorator';
import { MerchantFields as F } from '../../http/interface/openapi/merchant-fields';
import { transactionStatus } from '../../http/interface/openapi/public-schemas';
import { object, string, type Schema } from '../../http/interface/openapi/schema-refs';

const url = (description: string): Schema => string(description, { format: 'uri' });

export const CREATE_WALLET_TRANSACTION_DOC: ApiDocOptions = {
  summary: 'Open a wallet transaction; the user confirms it on the hosted checkout page',
  description: [
    'Creates an `opened` transaction for a wallet-type method (ADR 0008); then send the user to',
    '`<gateway>/checkout/confirm/<id>/`. There the user confirms (the transaction becomes',
    '`completed`, callback `completed`, 303 to success_url) or cancels (`cancelled`, callback',
    '`failed` with reason `cancelled`, 303 to fail_url). Query it like any transaction: `method` is',
    'the payment_method key and `card` is null. Live projects: 422 42201 (the checkout page is the',
    'sandbox stand-in for the wallet provider).',
  ].join('\n'),
  auth: 'merchant-signed',
  body: object(
    {
      user: string('Unique, unchangeable user identifier (external id)'),
      display_name: string('Full name or nickname'),
      payment_method: string('Wallet method key', { enum: [...WALLET_METHODS] }),
      price: F.price,
      currency: F.currency,
      email: string('User email'),
      ip: F.ip,
      ua: string('User agent', { maxLength: 255 }),
      phone: string('Digits only, no + or separators; required for mobile_wallet'),
      locale: string('ISO 639-1'),
      order_id: F.orderId,
      description: F.description,
      success_url: url('Where the user goes after confirming (303)'),
      fail_url: url('Where the user goes after cancelling (303)'),
    },
    ['user', 'payment_method', 'price', 'currency', 'description', 'success_url', 'fail_url'],
  ),
  response: object({
    id: string('Transaction id', { example: '1042' }),
    amount: { type: 'number', example: 10.5, description: 'The price as a number (the spec)' },
    currency: F.currency,
    status: transactionStatus('Always opened'),
  }),
  errors: [
    ErrorCode.UserIdentifierMissing,
    ErrorCode.AmountInvalidForCurrency,
    ErrorCode.TransactionAlreadyCompleted,
    ErrorCode.GatewayMisconfigured,
  ],
};
