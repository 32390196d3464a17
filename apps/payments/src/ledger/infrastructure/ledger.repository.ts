import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { balancedEntry, type JournalEntry } from '../domain/journal-entry';
import { LedgerStore } from '../application/ledger.store';

/**
 * The statement that appends entries with their lines (ADR 0036): each entry is a data-modifying
 * CTE returning its id, and one INSERT takes every line from its entry's CTE.
 */
function appendEntries(entries: readonly JournalEntry[]): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const param = (value: unknown, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const ctes: string[] = [];
  const selects: string[] = [];
  entries.map(balancedEntry).forEach((entry, i) => {
    ctes.push(
      `e${i} AS (INSERT INTO journal_entries (project_id, transaction_id, kind, payout_id)
         VALUES (${param(entry.projectId)}, ${param(entry.transactionId)}, ${param(entry.kind)},
           ${param(entry.payoutId ?? null)}) RETURNING id)`,
    );
    const lines = entry.lines.map(
      (line) =>
        `(${param(line.account, '::text')}, ${param(line.currency, '::text')}, ` +
        `${param(line.debit.toString(), '::bigint')}, ${param(line.credit.toString(), '::bigint')})`,
    );
    selects.push(
      `SELECT e${i}.id, l.account, l.currency, l.debit, l.credit
       FROM e${i}, (VALUES ${lines.join(', ')}) AS l (account, currency, debit, credit)`,
    );
  });
  const sql = `WITH ${ctes.join(',\n')}
    INSERT INTO journal_lines (entry_id, account, currency, debit, credit)
    ${selects.join('\nUNION ALL\n')}`;
  return { sql, values };
}

@Injectable()
export class LedgerRepository extends LedgerStore {
  /** Appends the entries and their lines in one statement; the database re-checks the balance at commit. */
  async post(work: UnitOfWork, entries: readonly JournalEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const { sql, values } = appendEntries(entries);
    await entityManagerOf(work).query(sql, values);
  }

  /** Credit-normal balance (credits minus debits) of an account in one currency, in minor units. */
  async creditBalance(work: UnitOfWork, account: string, currency: string): Promise<bigint> {
    const [{ balance }]: { balance: string }[] = await entityManagerOf(work).query(
      `SELECT COALESCE(sum(credit) - sum(debit), 0)::text AS balance
       FROM journal_lines WHERE account = $1 AND currency = $2`,
      [account, currency],
    );
    return BigInt(balance);
  }
}
