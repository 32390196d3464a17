// The one definition of card data in text (ADR 0064): a Luhn-valid run of 13-19 digits, whose digit
// groups may be separated by one space, dash, dot, slash or underscore. Sealing, masking, logging
// and the test sweeps all find card numbers through this file; nothing else decides what one is.
import { luhnValid } from './luhn';

export const CARD_NUMBER_MIN_DIGITS = 13;
export const CARD_NUMBER_MAX_DIGITS = 19;

/** One separator between digit groups; two in a row end the run ("4111  1111" is two numbers). */
const SEPARATOR = /[ \-./_]/;
const SEPARATORS = /[ \-./_]/g;
const DIGIT_RUN = /\d(?:[ \-./_]?\d)*/g;

/** A card number as one plain string of digits: 13-19 digits passing the Luhn check. */
export function isCardNumber(digits: string): boolean {
  return (
    digits.length >= CARD_NUMBER_MIN_DIGITS &&
    digits.length <= CARD_NUMBER_MAX_DIGITS &&
    /^\d+$/.test(digits) &&
    luhnValid(digits)
  );
}

/** The display form card data may take anywhere: the first six and the last four digits. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 6)}******${digits.slice(-4)}`;
}

/** A card number found in a text: where it stands (separators included) and its digits. */
export interface CardNumberMatch {
  index: number;
  length: number;
  digits: string;
}

/**
 * Hex identifiers the platform writes everywhere (message and correlation ids, W3C trace and span
 * ids): a UUID, or 16 or 32 hex digits with at least one letter. Their decimal stretches are parts of
 * an identifier, not card numbers: without this, one UUID in a few thousand ("12345678-9012-4345-8a07-
 * ...") would read as a 17-digit card, and its logs and messages would lose their ids to a mask.
 */
const HEX_IDENTIFIER =
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b(?=[0-9a-f]*[a-f])(?:[0-9a-f]{32}|[0-9a-f]{16})\b/gi;

/** Every card number in `text`, in order. */
export function findCardNumbers(text: string): CardNumberMatch[] {
  const found: CardNumberMatch[] = [];
  if (text.length < CARD_NUMBER_MIN_DIGITS) return found;
  // Read only once a run is long enough: most texts (every log line is scanned) have none.
  let identifiers: { start: number; end: number }[] | undefined;
  for (const run of text.matchAll(DIGIT_RUN)) {
    if (run[0].length < CARD_NUMBER_MIN_DIGITS) continue;
    const start = run.index ?? 0;
    const end = start + run[0].length;
    identifiers ??= [...text.matchAll(HEX_IDENTIFIER)].map((id) => ({
      start: id.index ?? 0,
      end: (id.index ?? 0) + id[0].length,
    }));
    if (identifiers.some((id) => start < id.end && id.start < end)) continue;
    found.push(...cardNumbersInRun(run[0], start));
  }
  return found;
}

/** Whether `text` holds any card number. */
export function hasCardNumber(text: string): boolean {
  return findCardNumbers(text).length > 0;
}

/** `text` with every card number replaced by what `replace` makes of its digits. */
export function replaceCardNumbers(text: string, replace: (digits: string) => string): string {
  const found = findCardNumbers(text);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const match of found) {
    out += text.slice(at, match.index) + replace(match.digits);
    at = match.index + match.length;
  }
  return out + text.slice(at);
}

/** `text` with every card number masked to its first six and last four digits. */
export function maskCardNumbers(text: string): string {
  return replaceCardNumbers(text, maskCardNumber);
}

interface Group {
  digits: string;
  index: number;
}

function groupsOf(run: string, offset: number): Group[] {
  const groups: Group[] = [];
  let start = 0;
  for (let i = 0; i <= run.length; i++) {
    if (i === run.length || SEPARATOR.test(run[i])) {
      groups.push({ digits: run.slice(start, i), index: offset + start });
      start = i + 1;
    }
  }
  return groups;
}

// A separated run can hold a card number next to other numbers ("qty 12 4111 1111 1111 1111"), so
// windows of whole groups are tried from each group; the longest Luhn-valid window wins, so a
// 19-digit number whose 16-digit prefix happens to pass Luhn is not left with 3 digits showing.
function cardNumbersInRun(run: string, offset: number): CardNumberMatch[] {
  if (!SEPARATOR.test(run)) {
    return isCardNumber(run) ? [{ index: offset, length: run.length, digits: run }] : [];
  }
  const groups = groupsOf(run, offset);
  const found: CardNumberMatch[] = [];
  let i = 0;
  while (i < groups.length) {
    const end = longestWindowEnd(groups, i);
    if (end < 0) {
      i++;
      continue;
    }
    const last = groups[end];
    const index = groups[i].index;
    found.push({
      index,
      length: last.index + last.digits.length - index,
      digits: groups
        .slice(i, end + 1)
        .map((group) => group.digits)
        .join(''),
    });
    i = end + 1;
  }
  return found;
}

function longestWindowEnd(groups: Group[], start: number): number {
  let digits = '';
  let found = -1;
  for (let end = start; end < groups.length; end++) {
    digits += groups[end].digits;
    if (digits.length > CARD_NUMBER_MAX_DIGITS) break;
    if (isCardNumber(digits)) found = end;
  }
  return found;
}

/** The digits of a text written with the separators of ADR 0064 ("4111 1111-1111" -> "411111111111"). */
export function withoutSeparators(text: string): string {
  return text.replace(SEPARATORS, '');
}

/** Keys a security code travels under, compared without case (`security_code`, `cvc2`, `card[cvv]`). */
const SECURITY_CODE_KEY = /^(?:security_?code|cvv2?|cvc2?)$/i;

/** Whether a member name holds a security code; a PHP-style form name is judged by its last part. */
export function isSecurityCodeKey(key: string): boolean {
  const leaf = /\[([^\]]*)\]$/.exec(key)?.[1] ?? key;
  return SECURITY_CODE_KEY.test(leaf);
}

/** A security code's value: 3 or 4 digits. */
export function isSecurityCodeValue(value: unknown): boolean {
  return (
    (typeof value === 'string' || typeof value === 'number') &&
    /^\d{3,4}$/.test(String(value).trim())
  );
}
