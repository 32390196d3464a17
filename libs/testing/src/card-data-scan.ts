import * as fs from 'node:fs';
import * as path from 'node:path';

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
 * Searches log files for card numbers (whole, or with separators) and for security codes written as
 * a parameter (`security_code=737`, `"securityCode":"737"`). Returns every hit, masked.
 */
export function findCardDataInLogs(
  directory: string,
  pans: readonly string[] = SANDBOX_PANS,
  securityCodes: readonly string[] = [],
): CardDataFinding[] {
  if (!fs.existsSync(directory)) return [];
  const panPatterns = pans.map((pan) => new RegExp(pan.split('').join('[ -]?')));
  const codePatterns = securityCodes.map(
    (code) =>
      new RegExp(`(security_?code|securityCode|cvv|cvc)["']?\\s*[:=]\\s*["']?${code}\\b`, 'i'),
  );
  const findings: CardDataFinding[] = [];
  for (const file of logFiles(directory)) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        if ([...panPatterns, ...codePatterns].some((pattern) => pattern.test(text))) {
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
