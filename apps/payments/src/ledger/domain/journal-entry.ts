/** One side of a journal entry: an amount in minor units on the debit or the credit of an account. */
export interface JournalLine {
  account: string;
  currency: string;
  debit: bigint;
  credit: bigint;
}

export interface JournalEntry {
  projectId: number;
  transactionId: number | null;
  /** Set on a payout's entries (ADR 0060) instead of a transaction. */
  payoutId?: number | null;
  /** Why the money moved, e.g. `payment`, `verification-hold`. */
  kind: string;
  lines: JournalLine[];
}

export class UnbalancedEntryError extends Error {
  override readonly name = 'UnbalancedEntryError';
}

export const debit = (account: string, currency: string, amount: bigint): JournalLine =>
  amount >= 0n
    ? { account, currency, debit: amount, credit: 0n }
    : { account, currency, debit: 0n, credit: -amount };

export const credit = (account: string, currency: string, amount: bigint): JournalLine =>
  debit(account, currency, -amount);

/**
 * The double-entry rule: at least two lines, each one-sided and positive, and per currency the
 * debits equal the credits. Zero lines are dropped (a zero fee moves nothing). The database
 * checks the same rule again at commit (deferred trigger).
 */
export function balancedEntry(entry: JournalEntry): JournalEntry {
  const lines = entry.lines.filter((line) => line.debit !== 0n || line.credit !== 0n);
  if (lines.length < 2)
    throw new UnbalancedEntryError(`entry ${entry.kind} has fewer than 2 lines`);
  const totals = new Map<string, bigint>();
  for (const line of lines) {
    if (line.debit < 0n || line.credit < 0n || (line.debit > 0n && line.credit > 0n)) {
      throw new UnbalancedEntryError(`entry ${entry.kind} has a malformed line on ${line.account}`);
    }
    totals.set(line.currency, (totals.get(line.currency) ?? 0n) + line.debit - line.credit);
  }
  for (const [currency, difference] of totals) {
    if (difference !== 0n) {
      throw new UnbalancedEntryError(`entry ${entry.kind} is off by ${difference} in ${currency}`);
    }
  }
  return { ...entry, lines };
}
