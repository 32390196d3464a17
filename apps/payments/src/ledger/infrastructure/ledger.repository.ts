import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import type { JournalEntry } from '../domain/journal-entry';
import { LedgerStore } from '../application/ledger.store';
import { journalAppend, statementValues } from './journal-statement';

@Injectable()
export class LedgerRepository extends LedgerStore {
  /** Appends the entries and their lines in one statement; the database re-checks the balance at commit. */
  async post(work: UnitOfWork, entries: readonly JournalEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const { values, bind } = statementValues();
    const { entryCtes, insertLines } = journalAppend(entries, bind);
    await entityManagerOf(work).query(`WITH ${entryCtes.join(',\n')}\n${insertLines}`, values);
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
