/** What one read of a database needs: `pg`'s Client and Pool both fit. */
export interface Queryable {
  query<R extends object = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: R[] }>;
}

/** One thing the books do not agree on, named so an operator can find it (ADR 0021). */
export interface Difference {
  /** Which rule it breaks, e.g. `transaction-entries`, `entry-balances`. */
  check: string;
  /** What it is about: a transaction, entry, account or payout. */
  subject: string;
  detail: string;
}

export const difference = (check: string, subject: string, detail: string): Difference => ({
  check,
  subject,
  detail,
});
