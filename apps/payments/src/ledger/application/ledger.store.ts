import type { UnitOfWork } from '@opp/persistence';
import type { JournalEntry } from '../domain/journal-entry';

/** Port: the double-entry ledger (append-only journal). */
export abstract class LedgerStore {
  /**
   * Appends the entries of one move with their lines, in one statement (ADR 0065); the database
   * re-checks the balance at commit.
   */
  abstract post(work: UnitOfWork, entries: readonly JournalEntry[]): Promise<void>;

  /** Credit-normal balance (credits minus debits) of an account in one currency, in minor units. */
  abstract creditBalance(work: UnitOfWork, account: string, currency: string): Promise<bigint>;
}
