/**
 * How the repository cites its decisions (docs/decisions/README.md, "Citing a decision"): as
 * `ADR NNNN`, naming a record that exists under docs/decisions. Citations of documents outside the
 * repository (the contract annex and the folder beside the repository that holds it) and bare
 * decision numbers (the letter D and a number) are refused: a contributor reading only the
 * repository cannot follow them.
 */

const OUTSIDE_REFERENCES: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  { pattern: /decisions\.md/g, why: 'cites decisions.md, which is outside the repository' },
  {
    pattern: /(?:^|[^\w./])\.\.\/shared\b/g,
    why: 'cites ../shared, which is outside the repository',
  },
  {
    pattern: /\bshared\/(?:spec\b|ARCHITECTURE\.md|STYLE\.md)/g,
    why: 'cites a document of shared/, which is outside the repository',
  },
];

/** The letter D and a number: the contract annex's numbering, meaningless inside the repository. */
const BARE_DECISION = /\bD([1-9]\d?)\b/g;
const ADR_NUMBER = /\bADR[ -]?(\d+)\b/g;
const ADR_PATH = /docs\/decisions\/([\w.-]+\.md)/g;

export interface DecisionRecords {
  /** Four-digit numbers of the ADR files, e.g. `0003`. */
  numbers: ReadonlySet<string>;
  /** File names under docs/decisions. */
  files: ReadonlySet<string>;
}

/** What is wrong with the decision citations of one comment or document; empty when nothing. */
export function citationProblems(text: string, records: DecisionRecords): string[] {
  const problems: string[] = [];
  for (const { pattern, why } of OUTSIDE_REFERENCES) {
    if (matchesOf(pattern, text).length > 0) problems.push(why);
  }
  for (const [found, number] of matchesOf(BARE_DECISION, text)) {
    const adr = number.padStart(4, '0');
    problems.push(`cites the bare decision number ${found}; cite it as ADR ${adr}`);
  }
  for (const [found, number] of matchesOf(ADR_NUMBER, text)) {
    if (!/^\d{4}$/.test(number)) {
      problems.push(
        `cites "${found}"; write ADR numbers with four digits (ADR ${number.padStart(4, '0')})`,
      );
    } else if (!records.numbers.has(number)) {
      problems.push(`cites ADR ${number}, which has no file under docs/decisions`);
    }
  }
  for (const [, file] of matchesOf(ADR_PATH, text)) {
    if (!records.files.has(file))
      problems.push(`cites docs/decisions/${file}, which does not exist`);
  }
  return problems;
}

function matchesOf(pattern: RegExp, text: string): RegExpMatchArray[] {
  return [...text.matchAll(pattern)];
}
