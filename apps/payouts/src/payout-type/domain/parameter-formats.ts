/**
 * The formats of payout parameters (ADR 0011): dates `d.m.Y` like `birthDate`, `cardExpirationDate`
 * `MM/YY`, BIC/SWIFT 8 or 11 characters, ISO 3166-1 alpha-2 countries, phones in international
 * format without `+` (as the spec writes `phone` elsewhere).
 */
export type ParameterFormat =
  'text' | 'date' | 'card-expiration' | 'country' | 'bic' | 'phone' | 'document-type';

const DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

const CHECKS: Record<ParameterFormat, (value: string) => boolean> = {
  text: (v) => v.length <= 255,
  date: isDate,
  'card-expiration': (v) => /^(0[1-9]|1[0-2])\/\d{2}$/.test(v),
  country: (v) => /^[A-Z]{2}$/.test(v),
  bic: (v) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v),
  phone: (v) => /^\d{7,15}$/.test(v),
  'document-type': (v) => v === 'passport' || v === 'id',
};

export const FORMAT_HINTS: Record<ParameterFormat, string> = {
  text: 'text of at most 255 characters',
  date: 'a date written d.m.Y',
  'card-expiration': 'MM/YY',
  country: 'an ISO 3166-1 alpha-2 country code',
  bic: 'a BIC/SWIFT code of 8 or 11 characters',
  phone: 'digits in international format without +',
  'document-type': 'passport or id',
};

export const matchesFormat = (format: ParameterFormat, value: string): boolean =>
  CHECKS[format](value);
