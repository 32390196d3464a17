import { isCardNumber, maskCardNumbers } from '@opp/card-bins';
import { ApiError, ErrorCode } from '@opp/errors';
import { fieldText } from '../../http/interface/form-fields';
import type { RequestParams } from '../../merchant-auth/interface/merchant-request';

/** A card as read at the edge; it leaves the gateway only sealed (CardDataSealer). */
export interface CardFields {
  number: string;
  expirationMonth: number;
  expirationYear: number;
  securityCode: string;
  holder?: string;
}

/** The spec's Cardholder limit. */
export const HOLDER_MAX_LENGTH = 21;

/**
 * Reads the spec's Card object (GET /card/getToken's query, POST /card/process's `card[...]`) with
 * the spec's codes, checked in field order so the first problem is the one reported:
 * number 40003/40004, month 40012, year 40013, expiry 40005, security code 40006/40007, holder 40015.
 * The number is a card number (ADR 0064: 13-19 digits passing Luhn), written without separators; the expiry month is
 * 1-12 (a leading zero is fine), the year four digits, and the card is valid through the end of
 * its expiry month (UTC).
 */
export function readCardInput(params: RequestParams, now: Date = new Date()): CardFields {
  const number = text(params, 'number');
  if (number === undefined) throw ApiError.of(ErrorCode.CardNumberMissing);
  if (!isCardNumber(number)) {
    throw ApiError.of(ErrorCode.CardNumberInvalid);
  }
  const monthText = text(params, 'expiration_month');
  if (monthText === undefined) throw ApiError.of(ErrorCode.CardExpirationMonthMissing);
  const yearText = text(params, 'expiration_year');
  if (yearText === undefined) throw ApiError.of(ErrorCode.CardExpirationYearMissing);
  const expirationMonth = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  const expirationYear = /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  if (
    !(expirationMonth >= 1 && expirationMonth <= 12) ||
    !(expirationYear >= 2000 && expirationYear <= 2100) ||
    expired(expirationYear, expirationMonth, now)
  ) {
    throw ApiError.of(ErrorCode.ExpiryInvalid);
  }
  const securityCode = text(params, 'security_code');
  if (securityCode === undefined) throw ApiError.of(ErrorCode.CardSecurityCodeMissing);
  if (!/^\d{3,4}$/.test(securityCode)) throw ApiError.of(ErrorCode.CardSecurityCodeInvalid);
  const holder = text(params, 'holder');
  if (holder !== undefined && holder.length > HOLDER_MAX_LENGTH) {
    throw ApiError.of(ErrorCode.CardholderInvalid);
  }
  return {
    number,
    expirationMonth,
    expirationYear,
    securityCode,
    // The holder is free text (ADR 0064): a card number typed there is kept masked.
    ...(holder !== undefined ? { holder: maskCardNumbers(holder) } : {}),
  };
}

/** True when any card field carries a value: an all-empty `card[...]` counts as no card. */
export function hasCardData(params: RequestParams): boolean {
  return ['number', 'expiration_month', 'expiration_year', 'security_code', 'holder'].some(
    (name) => text(params, name) !== undefined,
  );
}

function expired(year: number, month: number, now: Date): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

function text(params: RequestParams, name: string): string | undefined {
  const value = fieldText(params, name)?.trim();
  return value === undefined || value === '' ? undefined : value;
}
