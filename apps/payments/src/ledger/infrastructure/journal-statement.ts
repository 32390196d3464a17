import { balancedEntry, type JournalEntry } from '../domain/journal-entry';

/** Adds a value to the statement being built and answers its placeholder (`$n`, cast). */
export type Bind = (value: unknown, cast?: string) => string;

/** The values of a statement being built (from `first`, already numbered $1..), and how to add one. */
export function statementValues(first: readonly unknown[] = []): { values: unknown[]; bind: Bind } {
  const values = [...first];
  const bind: Bind = (value, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  return { values, bind };
}

/**
 * The parts of one statement that append entries with their lines (ADR 0065): each entry is a
 * data-modifying CTE returning its id, and one INSERT takes every line from its entry's CTE.
 * `gate` names a CTE of the same statement written before them (a charge's transaction insert):
 * each entry is inserted once per row it returned, so when it wrote nothing, neither do they.
 */
export function journalAppend(
  entries: readonly JournalEntry[],
  bind: Bind,
  gate?: string,
): { entryCtes: string[]; insertLines: string } {
  const entryCtes: string[] = [];
  const selects: string[] = [];
  entries.map(balancedEntry).forEach((entry, i) => {
    entryCtes.push(
      `e${i} AS (INSERT INTO journal_entries (project_id, transaction_id, kind, payout_id)
         SELECT ${bind(entry.projectId, '::int')}, ${bind(entry.transactionId, '::bigint')},
           ${bind(entry.kind, '::text')}, ${bind(entry.payoutId ?? null, '::bigint')}
         ${gate ? `FROM ${gate}` : ''} RETURNING id)`,
    );
    const lines = entry.lines.map(
      (line) =>
        `(${bind(line.account, '::text')}, ${bind(line.currency, '::text')}, ` +
        `${bind(line.debit.toString(), '::bigint')}, ${bind(line.credit.toString(), '::bigint')})`,
    );
    selects.push(
      `SELECT e${i}.id, l.account, l.currency, l.debit, l.credit
       FROM e${i}, (VALUES ${lines.join(', ')}) AS l (account, currency, debit, credit)`,
    );
  });
  const insertLines = `INSERT INTO journal_lines (entry_id, account, currency, debit, credit)
    ${selects.join('\nUNION ALL\n')}`;
  return { entryCtes, insertLines };
}
