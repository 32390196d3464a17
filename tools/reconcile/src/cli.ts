import { parseArgs } from 'node:util';
import { reconcileProjectIn } from './reconcile';

const devUrl = (database: string) => `postgres://postgres@127.0.0.1:5432/${database}`;

const USAGE =
  'usage: npm run reconcile -- --project <id> ' +
  '[--payments-db <url>] [--payouts-db <url>] (or PAYMENTS_DATABASE_URL, PAYOUTS_DATABASE_URL)';

/**
 * `npm run reconcile -- --project <id>` (ADR 0021): prints every difference of the project's books
 * and exits 1 when there is any, 2 on bad usage, 0 when the books agree.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      project: { type: 'string' },
      'payments-db': { type: 'string' },
      'payouts-db': { type: 'string' },
    },
  });
  const projectId = Number(values.project);
  if (!values.project || !Number.isSafeInteger(projectId) || projectId < 1) {
    console.error(USAGE);
    return 2;
  }
  const differences = await reconcileProjectIn(
    {
      paymentsUrl:
        values['payments-db'] ?? process.env.PAYMENTS_DATABASE_URL ?? devUrl('opp_payments'),
      payoutsUrl: values['payouts-db'] ?? process.env.PAYOUTS_DATABASE_URL ?? devUrl('opp_payouts'),
    },
    projectId,
  );
  for (const d of differences) console.log(`${d.check}\t${d.subject}\t${d.detail}`);
  console.log(`project ${projectId}: ${differences.length} difference(s)`);
  return differences.length === 0 ? 0 : 1;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
