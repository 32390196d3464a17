import { decimal, integer, object, string, type Schema } from './schema-refs';

/** Request fields several /v1 operations share, with the spec's formats. */
export const MerchantFields = {
  price: decimal("Integer or decimal; at most the currency's decimals (400 40018)"),
  currency: string('ISO 4217 code', { pattern: '^[A-Z]{3}$', example: 'EUR' }),
  orderId: string('Merchant order id (at most 64 characters); one live payment per order id', {
    maxLength: 64,
  }),
  description: string('Payment description'),
  userId: string('Internal user id (from POST /v1/user/resolve)'),
  transactionId: string('Transaction id (digits)', { pattern: '^[0-9]{1,16}$' }),
  ip: string('User IP address (IPv4 or IPv6)'),
  card: object(
    {
      number: string('Card number without separators', { pattern: '^[0-9]{13,19}$' }),
      expiration_month: integer('Expiry month', { minimum: 1, maximum: 12 }),
      expiration_year: integer('Expiry year, four digits'),
      security_code: string('Card security code', { pattern: '^[0-9]{3,4}$' }),
      holder: string('Cardholder, at most 21 characters', { maxLength: 21 }),
    },
    ['number', 'expiration_month', 'expiration_year', 'security_code'],
    'Card data (form fields card[number], card[expiration_month], ...)',
  ),
  flag: (description: string): Schema => string(description, { enum: ['0', '1'], default: '0' }),
} as const;
