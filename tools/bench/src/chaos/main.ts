// @opp/contracts declares its messages with decorators that need the metadata polyfill.
import 'reflect-metadata';
import { APP_NAMES } from '@opp/local-stack';
import { report, runChaos, type ScenarioName } from './run';

/**
 * `npm run chaos`: a three-broker cluster (replication factor 3, min.insync.replicas 2) and two
 * instances of every service, then each scenario of docs/operations/chaos.md under 16-way charge
 * load and a stream of trees. Prints the table; exits 1 on any loss, double effect or
 * reconciliation difference. CHAOS_CONCURRENCY, CHAOS_SECONDS and CHAOS_SCENARIOS (comma-separated:
 * leader, instances, broker-cut, postgres, merchant) shape a run. `npm run chaos -- --short` is the
 * short run (`shortRun`).
 */
async function main(): Promise<number> {
  if (process.argv.includes('--short')) return shortRun();
  const started = Date.now();
  const log = (line: string) =>
    console.log(`[chaos ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
  const scenarios = (process.env.CHAOS_SCENARIOS ?? 'leader,instances,broker-cut,postgres,merchant')
    .split(',')
    .map((name) => name.trim()) as ScenarioName[];
  const seconds = Number(process.env.CHAOS_SECONDS ?? 45);
  const outcomes = await runChaos({
    brokers: 3,
    services: APP_NAMES,
    instances: Object.fromEntries(APP_NAMES.map((name) => [name, 2])),
    load: {
      concurrency: Number(process.env.CHAOS_CONCURRENCY ?? 16),
      treeSubmitters: 2,
      treePauseMs: 500,
      seconds,
      faultAfterSeconds: 5,
    },
    scenarios,
    brokerCutSeconds: 20,
    postgresDownSeconds: 5,
    killGapSeconds: 5,
    payouts: 10,
    subscribers: 4,
    outageHours: 48,
    deadLetters: 3,
    dbPrefix: 'opp_chaos_',
    dir: 'chaos',
    // The shared server's connections would not hold two instances of six services (ADR 0022).
    privatePostgres: true,
    log,
  });
  const { text, ok } = report(outcomes);
  console.log(`\n${text}\n`);
  console.log(ok ? 'chaos: every scenario passed' : 'chaos: FAILED (see the rows above)');
  return ok ? 0 : 1;
}

/**
 * The short run: one broker of its own, two payments instances, under a few seconds of charges:
 * one payments instance SIGKILLed, then payments cut off the broker through the proxy. Nothing
 * acknowledged is lost, nothing doubled, and the books reconcile. Not part of `npm test` yet: on
 * the loaded two-core machine it overran its budget (docs/operations/chaos.md, open work).
 */
async function shortRun(): Promise<number> {
  const outcomes = await runChaos({
    brokers: 1,
    services: ['api-gateway', 'users-recurring', 'payments'],
    instances: { payments: 2 },
    load: { concurrency: 4, treeSubmitters: 0, treePauseMs: 0, seconds: 10, faultAfterSeconds: 2 },
    scenarios: ['instances', 'broker-cut'],
    brokerCutSeconds: 5,
    postgresDownSeconds: 0,
    killGapSeconds: 1,
    payouts: 0,
    subscribers: 0,
    outageHours: 0,
    deadLetters: 0,
    dbPrefix: 'opp_chaos_short_',
    dir: 'chaos-short',
    privatePostgres: false,
    log: (line) => console.log(`[chaos short] ${line}`),
  });
  const { text, ok } = report(outcomes);
  console.log(`\n${text}\n`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
