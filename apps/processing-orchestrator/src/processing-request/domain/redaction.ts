import { maskCardFragments } from '@opp/crypto';
import { maskCardNumbers } from '@opp/card-bins';

const SECRET_KEYS = new Set(['security_code', 'securitycode', 'cvv', 'cvv2', 'cvc', 'password']);
const NUMBER_KEYS = new Set(['number', 'pan', 'card_number', 'cardnumber']);
// Card data the gateway sealed for the payments service: opaque, and of no use to the partner.
const SEALED_PREFIX = 'sealed_';
// Already in the display form (the gateway's masked echo of a sealed card).
const MASKED = /^\d{6}\*+\d{4}$/;

/** First 6 and last 4 at most (ARCHITECTURE, card data). */
export function maskCardNumber(text: string): string {
  const value = maskCardFragments(text);
  if (MASKED.test(value)) return value;
  const digits = value.replace(/\D/g, '');
  if (digits.length < 12) return '*'.repeat(digits.length);
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

/**
 * The payload as stored in clear and answered to the partner: security codes and sealed boxes
 * dropped, card fragments (ADR 0064) shown as their masks, card numbers masked under their keys,
 * and every card number (ADR 0064) masked in any other string whatever its key (a payout
 * `account`, free text), wherever they are nested.
 * The full payload exists only encrypted, until the task ends.
 */
export function redactPayload(value: unknown, parentKey = ''): unknown {
  if (typeof value === 'string') return maskCardNumbers(maskCardFragments(value));
  // A card number sent as a JSON number, also inside an array or as the whole payload.
  if (typeof value === 'number') return redactNumber(value);
  if (Array.isArray(value)) return value.map((item) => redactPayload(item, parentKey));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const lower = key.toLowerCase();
    if (SECRET_KEYS.has(lower) || lower.startsWith(SEALED_PREFIX)) continue;
    const isCardNumber =
      NUMBER_KEYS.has(lower) && (lower !== 'number' || parentKey.toLowerCase() === 'card');
    // Keys are text the partner sent too: a card number used as a key is masked like a value.
    out[maskCardNumbers(maskCardFragments(key))] =
      isCardNumber && (typeof item === 'string' || typeof item === 'number')
        ? maskCardNumber(String(item))
        : redactPayload(item, key);
  }
  return out;
}

// A card number sent as a JSON number is a digit run too; it comes back masked, as text. Past
// 2^53 JSON parsing has rounded it (its Luhn check no longer tells), but most of its digits would
// still show: any such integer of card-number length is masked.
function redactNumber(value: number): number | string {
  if (!Number.isInteger(value)) return value;
  const digits = Math.abs(value).toLocaleString('en-US', { useGrouping: false });
  if (!Number.isSafeInteger(value) && digits.length >= 13 && digits.length <= 19) {
    return maskCardNumber(digits);
  }
  const masked = maskCardNumbers(digits);
  return masked === String(value) ? value : masked;
}
