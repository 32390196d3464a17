import { Client } from 'pg';
import { findFreePort } from '@opp/local-stack';
import type { ProcessUsage, UsageMeter } from './process-usage';

export const REFUSED_DELIVERIES = 10_000;
export const REFUSED_SECONDS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 10 item 5: pending deliveries to an endpoint that refuses connections, and what they cost
 * the notifier while they wait. They are stored in the notifier's database as CreateDelivery
 * stores an unclaimed one due now, and the schedulers are woken as that commit would wake them:
 * the engine claims them, the refusals open the destination's breaker (ADR 0033), the rest are
 * held. Once that has happened, the notifier's CPU is measured for REFUSED_SECONDS.
 */
export async function refusedDeliveries(
  notifierDatabaseUrl: string,
  meter: UsageMeter,
): Promise<ProcessUsage[]> {
  const closedPort = await findFreePort(); // nobody listens on it: connections are refused
  const url = `http://127.0.0.1:${closedPort}/callback`;
  const request = { channel: 'http', method: 'POST', url, headers: {}, body: '{}' };
  const db = new Client({ connectionString: notifierDatabaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO deliveries (id, kind, status, dedupe_key, subject, method, target, destination,
         request, next_attempt_at)
       SELECT gen_random_uuid(), 'merchant-callback', 'pending', 'bench-refused-' || g,
         'bench refused ' || g, 'POST', $1, $2, $3::jsonb, now()
       FROM generate_series(1, $4) AS g`,
      [url, new URL(url).origin, JSON.stringify(request), REFUSED_DELIVERIES],
    );
    await db.query(`SELECT pg_notify('deliveries_due', '')`);
  } finally {
    await db.end();
  }
  await sleep(3000); // the first attempts fail and the breaker holds the rest
  const { usage } = await meter.measure(() => sleep(REFUSED_SECONDS * 1000));
  return usage.filter((u) => u.name === 'notifier');
}
