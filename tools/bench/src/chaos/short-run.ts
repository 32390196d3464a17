import type { ChaosRunOptions } from './run';

/**
 * The short run (`npm run chaos -- --short`, and in `npm test` as `short-run.int-spec.ts`): one
 * broker of its own, the shared PostgreSQL server, two instances of payments, 10 s of 4-way charges
 * per scenario: the second payments instance SIGKILLed; payments cut off the broker for 5 s; the
 * shop's endpoint down 12 h of its sandbox time and slow for 10 h more (callbacks in flight across
 * clock advances), one dead letter replayed. Nothing acknowledged is lost, nothing happens twice,
 * and the books reconcile. No trees: they need the orchestrator.
 */
export function shortRunOptions(
  run: Pick<ChaosRunOptions, 'dbPrefix' | 'dir' | 'log' | 'sharedAdminUrl'>,
): ChaosRunOptions {
  return {
    ...run,
    brokers: 1,
    services: ['api-gateway', 'users-recurring', 'payments', 'notifier'],
    // One notifier: a second would hold about 15 more of the shared server's 100 connections,
    // which the suite beside this one in npm test needs; one instance claiming again its own
    // attempt in flight doubles a callback as a second instance would.
    instances: { payments: 2 },
    load: { concurrency: 4, treeSubmitters: 0, treePauseMs: 0, seconds: 10, faultAfterSeconds: 2 },
    scenarios: ['instances', 'broker-cut', 'merchant'],
    brokerCutSeconds: 5,
    postgresDownSeconds: 0,
    killGapSeconds: 1,
    payouts: 0,
    subscribers: 0,
    merchant: { hours: 12, hoursAfter: 10, deadLetters: 1 },
    privatePostgres: false,
  };
}
