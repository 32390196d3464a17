import * as fs from 'node:fs';
import * as path from 'node:path';
import { findCardNumbers } from '@opp/card-bins';

/** Every card number of the sandbox table (ADR 0006) and the ones the suites type. */
export const SANDBOX_PANS = [
  '4242424242424242',
  '5555555555554444',
  '4000000000003220',
  '4000000000000002',
  '4000000000009995',
  '4000000000000069',
  '4000000000000127',
  '4000000000009987',
  '4000000000009979',
  '4000008400001629',
  '4000000000000119',
  '4100000000000019',
];

export interface CardDataFinding {
  file: string;
  line: number;
  excerpt: string;
}

/**
 * Searches log files for card numbers (the given ones whole or with separators, and any Luhn-valid
 * run that findCardDataInText reports) and for security codes written as a parameter
 * (`security_code=737`, `"securityCode":"737"`). Returns every hit, masked.
 */
export function findCardDataInLogs(
  directory: string,
  pans: readonly string[] = SANDBOX_PANS,
  securityCodes: readonly string[] = [],
): CardDataFinding[] {
  if (!fs.existsSync(directory)) return [];
  const panPatterns = pans.map((pan) => new RegExp(pan.split('').join('[ \\-./_]?')));
  const codePatterns = securityCodes.map(
    (code) =>
      new RegExp(`(security_?code|securityCode|cvv|cvc)["']?\\s*[:=]\\s*["']?${code}\\b`, 'i'),
  );
  const findings: CardDataFinding[] = [];
  for (const file of logFiles(directory)) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const found =
          [...panPatterns, ...codePatterns].some((pattern) => pattern.test(text)) ||
          findCardDataInText(text).length > 0;
        if (found) {
          findings.push({
            file,
            line: i + 1,
            excerpt: text.slice(0, 160).replace(/\d{6,}/g, '######'),
          });
        }
      });
  }
  return findings;
}

function logFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return logFiles(full);
    return entry.name.endsWith('.log') ? [full] : [];
  });
}

/** What the sweep found in one place (a topic message, a database value, a log line), masked. */
export interface CardDataHit {
  kind: 'card number' | 'security code';
  /** The text around the hit with every 6+ digit run and the code itself masked. */
  excerpt: string;
}

// What card data is comes from @opp/card-bins (ADR 0064); the scan only drops noise that the
// definition cannot tell from card data in machine-made text: a run glued to letters (a hex id),
// starting with a digit no payment card starts with (13-digit millisecond timestamps), or whose
// first group is shorter than the 4 digits card numbers are written with (`order-3-1764369228597`,
// a counter and a timestamp).
const GLUED = /[\dA-Za-z]/;
const CARD_MII = /^[2-6]/;
const FIRST_GROUP = /^\d{4}/;
// A W3C trace context id (`traceparent`: version-traceid-spanid-flags). Its 16-hex span id is
// all decimal digits about once in 2,000 spans and then Luhn-valid one time in ten: a random id,
// never card data, so the scan blanks these before it looks for card numbers.
const TRACEPARENT = /(?<![\dA-Za-z])[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}(?![\dA-Za-z])/g;
// A 3-4 digit value under a security-code key, in JSON, a form (`card[cvc]=`) or a URL-encoded one.
const CODE_UNDER_KEY =
  /(?:security_?code|securityCode|cvc2?|cvv2?)(?:["'\]]|%5D|%22)?\s*(?:[:=]|%3A|%3D)\s*["']?(\d{3,4})(?!\d)/gi;

/**
 * Card data in a text: a card number (ADR 0064) whose first digit is 2-6 (the major industry
 * identifiers of payment cards, which keeps 13-digit millisecond timestamps and similar ids out),
 * standing alone outside a trace context id, and a 3-4 digit security code under a card-ish key.
 * Masked excerpts only.
 */
export function findCardDataInText(text: string): CardDataHit[] {
  const hits: CardDataHit[] = [];
  const withoutTraceIds = text.replace(TRACEPARENT, (id) => ' '.repeat(id.length));
  for (const match of findCardNumbers(withoutTraceIds)) {
    const before = withoutTraceIds[match.index - 1] ?? '';
    const after = withoutTraceIds[match.index + match.length] ?? '';
    const written = withoutTraceIds.slice(match.index, match.index + match.length);
    if (GLUED.test(before) || GLUED.test(after) || !CARD_MII.test(match.digits)) continue;
    if (!FIRST_GROUP.test(written)) continue;
    hits.push({ kind: 'card number', excerpt: excerptAround(text, match.index) });
  }
  for (const match of text.matchAll(CODE_UNDER_KEY)) {
    hits.push({ kind: 'security code', excerpt: excerptAround(text, match.index ?? 0) });
  }
  return hits;
}

function excerptAround(text: string, index: number): string {
  return text
    .slice(Math.max(0, index - 60), index + 60)
    .replace(/\d(?:[ \-./_]?\d){5,}/g, '######')
    .replace(CODE_UNDER_KEY, (found, code: string) => found.replace(code, '***'))
    .replace(/\s+/g, ' ');
}
