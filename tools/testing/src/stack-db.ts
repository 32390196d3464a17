import { Client } from 'pg';
import type { AppName, Stack } from '@opp/local-stack';

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
