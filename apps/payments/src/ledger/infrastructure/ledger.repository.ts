import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { balancedEntry, type JournalEntry } from '../domain/journal-entry';
import { LedgerStore } from '../application/ledger.store';

@Injectable()
export class LedgerRepository extends LedgerStore {
  /** Appends an entry and its lines; the database re-checks the balance at commit. */
  async post(work: UnitOfWork, entry: JournalEntry): Promise<void> {
    const { lines } = balancedEntry(entry);
    const [{ id }]: { id: string }[] = await entityManagerOf(work).query(
      `INSERT INTO journal_entries (project_id, transaction_id, kind, payout_id)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [entry.projectId, entry.transactionId, entry.kind, entry.payoutId ?? null],
    );
    const values: unknown[] = [id];
    const rows = lines.map((line, i) => {
      values.push(line.account, line.currency, line.debit.toString(), line.credit.toString());
      const at = 2 + i * 4;
      return `($1, $${at}, $${at + 1}, $${at + 2}::bigint, $${at + 3}::bigint)`;
    });
    await entityManagerOf(work).query(
      `INSERT INTO journal_lines (entry_id, account, currency, debit, credit)
       VALUES ${rows.join(', ')}`,
      values,
    );
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
