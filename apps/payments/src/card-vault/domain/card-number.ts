/**
 * What may be derived from a card number without keeping it: scheme, issuer data, mask.
 * Pure functions; the number itself never leaves the vault unencrypted.
 */
import { issuerOfBin, type IssuerInfo } from '@opp/card-bins';

type SchemeRule = readonly [scheme: string, from: number, to: number, digits: number];

// Prefix ranges; longer, more specific prefixes first so they win over shorter ones.
const SCHEME_RULES: readonly SchemeRule[] = [
  ['mastercard', 2221, 2720, 4],
  ['discover', 6011, 6011, 4],
  ['jcb', 3528, 3589, 4],
  ['diners', 300, 305, 3],
  ['discover', 644, 649, 3],
  ['amex', 34, 34, 2],
  ['amex', 37, 37, 2],
  ['diners', 36, 36, 2],
  ['diners', 38, 39, 2],
  ['mastercard', 51, 55, 2],
  ['discover', 65, 65, 2],
  ['unionpay', 62, 62, 2],
  ['maestro', 50, 50, 2],
  ['maestro', 56, 58, 2],
  ['maestro', 67, 67, 2],
  ['visa', 4, 4, 1],
];

export function schemeOf(number: string): string {
  for (const [scheme, from, to, digits] of SCHEME_RULES) {
    const prefix = Number(number.slice(0, digits));
    if (number.length >= digits && prefix >= from && prefix <= to) return scheme;
  }
  return 'unknown';
}

export type { IssuerInfo } from '@opp/card-bins';

/** The issuer by BIN, from the table the payouts service reads too (libs/card-bins). */
export function issuerOf(number: string): IssuerInfo {
  return issuerOfBin(number);
}

/** A card is usable through the end of its expiry month (UTC). */
export function expiryEnd(month: number, year: number): Date {
  return new Date(Date.UTC(year, month, 1) - 1);
}

export function isExpired(month: number, year: number, now: Date): boolean {
  return expiryEnd(month, year).getTime() < now.getTime();
}
