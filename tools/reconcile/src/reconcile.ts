import { Client } from 'pg';
import type { Difference, Queryable } from './difference';
import {
  checkBalances,
  checkEntriesBalance,
  checkRollingReserve,
  checkTransactionEntries,
} from './journal-checks';
import { checkPayouts } from './payout-checks';

export interface ReconcileDatabases {
  /** Payments' database: transactions, journal, payout reservations, reserve holds. */
  paymentsUrl: string;
  /** Payouts' database: payout orders; without it only payments' side of payouts is checked. */
  payoutsUrl?: string;
}

/**
 * Every check of ADR 0021 for one project, over the two databases as given; `payouts` null
 * checks payments' side only (a stack without the payouts service).
 */
export async function reconcileProject(
  payments: Queryable,
  payouts: Queryable | null,
  projectId: number,
): Promise<Difference[]> {
  return [
    ...(await checkTransactionEntries(payments, projectId)),
    ...(await checkEntriesBalance(payments, projectId)),
    ...(await checkBalances(payments, projectId)),
    ...(await checkRollingReserve(payments, projectId)),
    ...(await checkPayouts(payments, payouts, projectId)),
  ];
}

/**
 * Opens both databases read-only, each in one repeatable-read snapshot so that every check of a
 * database sees the same moment, and reconciles the project.
 */
export async function reconcileProjectIn(
  databases: ReconcileDatabases,
  projectId: number,
): Promise<Difference[]> {
  const payments = await readOnlySnapshot(databases.paymentsUrl);
  try {
    const payouts = databases.payoutsUrl ? await readOnlySnapshot(databases.payoutsUrl) : null;
    try {
      return await reconcileProject(payments, payouts, projectId);
    } finally {
      await payouts?.end();
    }
  } finally {
    await payments.end();
  }
}

async function readOnlySnapshot(url: string): Promise<Client> {
  const client = new Client({ connectionString: url, application_name: 'opp-reconcile' });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  } catch (error) {
    await client.end();
    throw error;
  }
  return client;
}
