// Last line of defence for card numbers that reach a log line under a key no redact path knows
// (free text, error messages, URLs). Only Luhn-valid 13-19 digit runs are masked, so order ids,
// amounts in minor units and timestamps stay readable.
import { luhnValid } from '@opp/card-bins';

/** Digits optionally split by single spaces or dashes ("4111 1111-1111 1111"). */
const DIGIT_RUN = /\d(?:[ -]?\d)*/g;
const MIN_PAN = 13;
const MAX_PAN = 19;

/** The display form the architecture allows: first 6 and last 4 digits at most. */
export function maskPan(digits: string): string {
  return `${digits.slice(0, 6)}******${digits.slice(-4)}`;
}

function isPan(digits: string): boolean {
  return digits.length >= MIN_PAN && digits.length <= MAX_PAN && luhnValid(digits);
}

// Longest Luhn-valid window of whole groups starting at `start` (-1 if none): the longest, so a
// 19-digit PAN whose 16-digit prefix happens to pass Luhn is not left with 3 digits showing.
function panWindowEnd(groups: string[], start: number): number {
  let digits = '';
  let found = -1;
  for (let end = start; end < groups.length; end++) {
    digits += groups[end];
    if (digits.length > MAX_PAN) break;
    if (isPan(digits)) found = end;
  }
  return found;
}

// A separated run can hold a PAN next to other numbers ("order 12 4111 1111 1111 1111"):
// windows of whole groups are tried so the neighbours don't hide it.
function replaceGroupedRun(run: string, replace: (pan: string) => string): string {
  const groups = run.split(/[ -]/);
  const seps = run.match(/[ -]/g) ?? [];
  let out = '';
  let i = 0;
  while (i < groups.length) {
    const end = panWindowEnd(groups, i);
    if (end >= 0) {
      out += replace(groups.slice(i, end + 1).join(''));
      i = end + 1;
    } else {
      out += groups[i];
      i++;
    }
    if (i < groups.length) out += seps[i - 1];
  }
  return out;
}

/** Masks every Luhn-valid card number in `text`; returns `text` itself when there is none. */
export function maskPans(text: string): string {
  return replacePans(text, maskPan);
}

/**
 * Every Luhn-valid card number in `text` (13-19 digits, maybe grouped by spaces or dashes) replaced
 * by what `replace` makes of its digits; `text` itself when there is none.
 */
export function replacePans(text: string, replace: (pan: string) => string): string {
  if (text.length < MIN_PAN) return text;
  return text.replace(DIGIT_RUN, (run) => {
    if (run.length < MIN_PAN) return run;
    if (!/[ -]/.test(run)) return isPan(run) ? replace(run) : run;
    return replaceGroupedRun(run, replace);
  });
}
