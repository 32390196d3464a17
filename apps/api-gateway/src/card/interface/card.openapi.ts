import { ErrorCode } from '@opp/errors';
import type { ApiDocOptions } from '../../http/interface/openapi/api-doc.decorator';
import { MerchantFields as F } from '../../http/interface/openapi/merchant-fields';
import { integer, object, ref, string } from '../../http/interface/openapi/schema-refs';

const CARD_ERRORS = [
  ErrorCode.CardNumberMissing,
  ErrorCode.CardNumberInvalid,
  ErrorCode.ExpiryInvalid,
  ErrorCode.CardSecurityCodeMissing,
  ErrorCode.CardSecurityCodeInvalid,
  ErrorCode.CardExpirationMonthMissing,
  ErrorCode.CardExpirationYearMissing,
  ErrorCode.CardholderInvalid,
] as const;

export const GET_TOKEN_DOC: ApiDocOptions = {
  summary: 'Store card data in the vault; returns a token valid for 10 minutes',
  description:
    'Unsigned: the project public key only. JSONP (ADR 0013): with `callback` (a JavaScript ' +
    "identifier, dots allowed) the answer is `/**/ typeof cb === 'function' && cb(<json>);` as " +
    'application/javascript, errors included, with HTTP 200. Rate limited by the project settings ' +
    'tokenRateLimitPerIp and tokenRateLimitPerProject (per minute; defaults 120 per client IP and ' +
    '6000 per project, ten times that for a sandbox project, ADR 0015): beyond them 429 42901 ' +
    'with Retry-After.',
  auth: 'merchant-public',
  query: {
    properties: {
      number: string('Card number without separators'),
      expiration_month: integer('Expiry month', { minimum: 1, maximum: 12 }),
      expiration_year: integer('Expiry year, four digits'),
      security_code: string('Card security code'),
      holder: string('Cardholder, at most 21 characters', { maxLength: 21 }),
      callback: string('JSONP function name', { pattern: '^[A-Za-z_$][A-Za-z0-9_$.]*$' }),
    },
    required: ['number', 'expiration_month', 'expiration_year', 'security_code'],
  },
  response: ref('CardToken'),
  errors: [...CARD_ERRORS, ErrorCode.CardTokenizationError, ErrorCode.TooManyRequests],
};

export const PROCESS_CHARGE_DOC: ApiDocOptions = {
  summary: 'Charge a card by card_token or card data (signed; replay-guarded)',
  description:
    '`user` is an internal id (404 40406 when unknown) or a User object (`user[identifier]`, ' +
    '`user[ip]`, `user[email]`, `user[phone]`, `user[locale]`, `user[displayName]`). Neither ' +
    'card_token nor card: 40009; card_token empty: 40008; both: 40017. With an `acs` object in the ' +
    'answer, send the user to acs.url (3-D Secure) and finish with POST /v1/card/authenticate. ' +
    'The same signature with the same parameters within 24 hours answers the first answer again, ' +
    'byte for byte (header Idempotent-Replayed: true); with other parameters 403 40301 (ADR 0014).',
  auth: 'merchant-signed',
  body: object(
    {
      user: {
        oneOf: [
          F.userId,
          object(
            {
              identifier: string("The merchant's own user id"),
              ip: F.ip,
              email: string('Email'),
              phone: string('Phone'),
              locale: string('ISO 639-1'),
              displayName: string('Name'),
            },
            ['identifier', 'ip'],
          ),
        ],
      },
      card_token: string('Temporary or permanent card token'),
      card: F.card,
      price: F.price,
      currency: F.currency,
      order_id: F.orderId,
      description: F.description,
      '3ds': F.flag('1: 3-D Secure for this charge'),
      acs_return_url: string('Where the access control server returns the user'),
      remember: F.flag('1: answer a permanentToken'),
      verify_card: F.flag('1: verify the card (1 EUR frozen and released)'),
      recurring: F.flag('1: subscribe the user to recurring payments'),
      recurring_interval: integer('Days between repeated payments; 0: manual only', {
        minimum: 0,
      }),
      recurring_trial: integer('Trial days before the first repeated payment', { minimum: 0 }),
    },
    ['user', 'price', 'currency', 'description'],
    'Form fields (PHP-style nested names) or JSON. Every attr_* field is echoed in callbacks.',
  ),
  response: ref('ChargeResult'),
  errors: [
    ErrorCode.UserIdentifierMissing,
    ErrorCode.UserIpMissing,
    ErrorCode.CardTokenMissing,
    ErrorCode.CardDataMissing,
    ...CARD_ERRORS,
    ErrorCode.AmountInvalidForCurrency,
    ErrorCode.CardTokenExpired,
    ErrorCode.CardTokenAlreadyUsed,
    ErrorCode.CardTokenInvalid,
    ErrorCode.UserNotFound,
    ErrorCode.TransactionAlreadyCompleted,
    ErrorCode.GatewayMisconfigured,
  ],
};

export const AUTHENTICATE_DOC: ApiDocOptions = {
  summary: 'Complete a 3-D Secure charge with PaRes and MD (signed; replay-guarded)',
  auth: 'merchant-signed',
  body: object(
    {
      PaRes: string('Payer authentication response, from the access control server'),
      MD: string('Merchant data, from the charge answer'),
    },
    ['PaRes', 'MD'],
  ),
  response: ref('AuthenticateResult'),
  errors: [ErrorCode.MerchantDataMissing, ErrorCode.TransactionNotFound],
};
