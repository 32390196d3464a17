import { readdirSync } from 'node:fs';
import type { DecisionRecords } from './decision-citations';
import { DECISIONS_DIR } from './repo-files';

/** `0003-request-signature.md`: four digits, a kebab-case title. */
export const ADR_FILE = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/** The ADR files under docs/decisions (the index README.md is not one). */
export function adrFileNames(): string[] {
  return readdirSync(DECISIONS_DIR)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort();
}

export function decisionRecords(): DecisionRecords {
  const names = adrFileNames();
  return {
    numbers: new Set(names.flatMap((name) => ADR_FILE.exec(name)?.[1] ?? [])),
    files: new Set([...names, 'README.md']),
  };
}
