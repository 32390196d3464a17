import { Client } from 'pg';
import type { AppName, Stack } from '@opp/local-stack';
import { eventually } from './eventually';

/** Reads a service's own database in a test (one short connection per query). */
export async function queryStackDb<T = Record<string, unknown>>(
  stack: Stack,
  app: AppName,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const db = new Client({ connectionString: stack.databaseUrls[app] });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows as T[];
  } finally {
    await db.end();
  }
}

/**
 * Waits until a service of the stack holds the project's snapshot: services learn projects from
 * their snapshot events, and refuse a project's requests until then.
 */
export async function awaitProjectSnapshot(
  stack: Stack,
  app: AppName,
  projectId: number,
  timeoutMs?: number,
): Promise<void> {
  await eventually(
    async () =>
      (await queryStackDb(stack, app, 'SELECT 1 FROM project_snapshots WHERE id = $1', [projectId]))
        .length === 1,
    `the project snapshot in ${app}`,
    timeoutMs,
  );
}

/** Waits until users-recurring holds a subscription of the user: a recurring charge needs one. */
export async function awaitSubscription(stack: Stack, userId: string): Promise<void> {
  await eventually(
    async () =>
      (
        await queryStackDb(
          stack,
          'users-recurring',
          'SELECT 1 FROM subscriptions WHERE user_id = $1',
          [userId],
        )
      ).length === 1,
    'the subscription',
  );
}

/**
 * A payout reservation of `minor` EUR cents written straight into payments' ledger, behind the
 * code's back: what the database's own overdraft guard (ADR 0060) refuses when it overdraws the
 * merchant's available balance.
 */
export function reserveInPaymentsLedger(
  stack: Stack,
  projectId: number,
  minor: number,
): Promise<unknown[]> {
  return queryStackDb(
    stack,
    'payments',
    `WITH entry AS (
       INSERT INTO journal_entries (project_id, kind) VALUES ($1, 'payout-reservation')
       RETURNING id)
     INSERT INTO journal_lines (entry_id, account, currency, debit, credit)
     SELECT id, account, 'EUR', debit, credit FROM entry,
       (VALUES ($2, $4::bigint, 0::bigint), ($3, 0::bigint, $4::bigint)) AS l(account, debit, credit)`,
    [projectId, `merchant:${projectId}:available`, `merchant:${projectId}:payouts-reserved`, minor],
  );
}
