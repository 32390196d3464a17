import { ErrorCode } from '@opp/errors';
import { parseChargePrice, parseChargeRecurring, type ChargePriceFailure } from './charge-fields';

/**
 * A charge's terms read from its fields as sent, by the one reader both edges use (ADR 0031):
 * POST /v1/card/process in the gateway and a `card.payment` task's payload in payments, which sees
 * the payload only after the orchestrator expanded the partner's templates. Fields are form values
 * (text, or a nested object where one does not belong) or JSON values (numbers, booleans).
 */
export interface ChargeTerms {
  priceMinor: bigint;
  currency: string;
  threeDs: boolean;
  remember: boolean;
  verifyCard: boolean;
  recurring: boolean;
  recurringInterval?: number;
  recurringTrial?: number;
}

/** Why the fields are not a charge's terms: the spec's code and a message naming the field. */
export interface ChargeFieldFailure {
  code: ErrorCode;
  message: string;
}

export type FieldReading<T> = { ok: true; value: T } | { ok: false; failure: ChargeFieldFailure };

type Fields = Readonly<Record<string, unknown>>;

const invalid = (message: string): { ok: false; failure: ChargeFieldFailure } => ({
  ok: false,
  failure: { code: ErrorCode.InvalidParameter, message },
});

/** A single value as text (JSON numbers as their text, booleans as 1 and empty); else undefined. */
function singleText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  return undefined;
}

function isAbsent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

/**
 * A 0/1 switch: 1, 0, true, false or empty, in any case (JSON booleans and numbers too); absent is
 * 0. Anything else is refused: `recurring=yes` must not quietly charge once.
 */
export function readSwitch(fields: Fields, name: string): FieldReading<boolean> {
  const value = fields[name];
  if (isAbsent(value)) return { ok: true, value: false };
  const text = singleText(value)?.trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false') return { ok: true, value: false };
  if (text === '1' || text === 'true') return { ok: true, value: true };
  return invalid(`${name} must be 1 or 0`);
}

/** A whole number of days, 0 to 3650 (ten years); undefined when absent or empty. */
export function readDays(fields: Fields, name: string): FieldReading<number | undefined> {
  const value = fields[name];
  if (isAbsent(value)) return { ok: true, value: undefined };
  const text = singleText(value)?.trim();
  if (text === '') return { ok: true, value: undefined };
  if (text === undefined || !/^\d{1,4}$/.test(text) || Number(text) > 3650) {
    return invalid(`${name} must be a number of days (0-3650)`);
  }
  return { ok: true, value: Number(text) };
}

/** The message and code of each reason the price rule refuses (ADR 0009). */
export function priceFailure(failure: ChargePriceFailure, field = 'price'): ChargeFieldFailure {
  switch (failure.reason) {
    case 'price-missing':
      return { code: ErrorCode.InvalidParameter, message: `${field} is required` };
    case 'currency-missing':
      return { code: ErrorCode.InvalidParameter, message: 'currency is required' };
    case 'currency-unknown':
      return {
        code: ErrorCode.InvalidParameter,
        message: 'currency must be an ISO 4217 currency code',
      };
    case 'price-too-precise':
      return { code: ErrorCode.AmountInvalidForCurrency, message: `${field}: ${failure.message}` };
    case 'price-malformed':
      return { code: ErrorCode.InvalidParameter, message: `${field}: ${failure.message}` };
    case 'price-zero':
      return { code: ErrorCode.InvalidParameter, message: `${field} must be greater than zero` };
  }
}

/**
 * A price field: a plain decimal as text or a JSON number. A JSON boolean, object or array is
 * refused, never read as "1" or "" (`"price": true` must not charge 1.00). Empty is absent.
 */
function priceText(fields: Fields, name: string): FieldReading<string | undefined> {
  const value = fields[name];
  if (isAbsent(value)) return { ok: true, value: undefined };
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') {
    return invalid(`${name} must be a decimal number`);
  }
  const text = String(value).trim();
  return { ok: true, value: text === '' ? undefined : text };
}

/**
 * A price and its currency in minor units (ADR 0009): both required, the currency read only once
 * a price was sent; zero only when `allowZero` (card verification sets its own amount).
 */
export function readPrice(
  fields: Fields,
  options: { allowZero?: boolean; field?: string } = {},
): FieldReading<{ price: string; currency: string; minor: bigint }> {
  const field = options.field ?? 'price';
  const price = priceText(fields, field);
  if (!price.ok) return price;
  const currency = price.value === undefined ? undefined : singleText(fields['currency'])?.trim();
  const parsed = parseChargePrice(price.value, currency === '' ? undefined : currency, options);
  return parsed.ok ? parsed : { ok: false, failure: priceFailure(parsed.failure, field) };
}

/**
 * The terms of a charge, checked in one order on both edges: verify_card (it allows a zero price),
 * price and currency, recurring with its interval (ADR 0012: required with recurring, 0 is manual
 * only), the trial, then 3ds and remember.
 */
export function readChargeTerms(fields: Fields): FieldReading<ChargeTerms> {
  const verifyCard = readSwitch(fields, 'verify_card');
  if (!verifyCard.ok) return verifyCard;
  const price = readPrice(fields, { allowZero: verifyCard.value });
  if (!price.ok) return price;
  const recurring = readSwitch(fields, 'recurring');
  if (!recurring.ok) return recurring;
  const interval = readDays(fields, 'recurring_interval');
  if (!interval.ok) return interval;
  const terms = parseChargeRecurring({
    recurring: recurring.value,
    ...(interval.value !== undefined ? { recurringInterval: interval.value } : {}),
  });
  if (!terms.ok) return invalid('recurring_interval is required when recurring is 1');
  const trial = readDays(fields, 'recurring_trial');
  if (!trial.ok) return trial;
  const threeDs = readSwitch(fields, '3ds');
  if (!threeDs.ok) return threeDs;
  const remember = readSwitch(fields, 'remember');
  if (!remember.ok) return remember;
  return {
    ok: true,
    value: {
      priceMinor: price.value.minor,
      currency: price.value.currency,
      threeDs: threeDs.value,
      remember: remember.value,
      verifyCard: verifyCard.value,
      ...terms.value,
      ...(trial.value !== undefined ? { recurringTrial: trial.value } : {}),
    },
  };
}
