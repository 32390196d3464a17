// @opp/contracts declares its messages with decorators that need the metadata polyfill.
import 'reflect-metadata';
import { APP_NAMES } from '@opp/local-stack';
import { report, runChaos, type ScenarioName } from './run';
import { shortRunOptions } from './short-run';

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
  const log = logSince(started, 'chaos');
  const scenarios = scenariosOf('leader,instances,broker-cut,postgres,merchant');
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
    merchant: { hours: 48, hoursAfter: 10, deadLetters: 3 },
    dbPrefix: 'opp_chaos_',
    dir: 'chaos',
    // The shared server's connections would not hold two instances of six services (ADR 0022).
    privatePostgres: true,
    log,
  });
  const { text, ok } = report(outcomes);
  console.log(`\n${text}\n`);
  console.log(ok ? 'chaos: every scenario passed' : 'chaos: FAILED (see the rows above)');
  console.log(`chaos: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return ok ? 0 : 1;
}

/** The short run (`shortRunOptions`), on the machine's PostgreSQL server; CHAOS_SCENARIOS picks. */
async function shortRun(): Promise<number> {
  const started = Date.now();
  const options = shortRunOptions({
    dbPrefix: 'opp_chaos_short_',
    dir: 'chaos-short',
    log: logSince(started, 'chaos short'),
  });
  const outcomes = await runChaos({
    ...options,
    scenarios: scenariosOf(options.scenarios.join(',')),
  });
  const { text, ok } = report(outcomes);
  console.log(`\n${text}\n`);
  console.log(`chaos short run: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return ok ? 0 : 1;
}

/** CHAOS_SCENARIOS (comma-separated), or the run's own. */
const scenariosOf = (fallback: string): ScenarioName[] =>
  (process.env.CHAOS_SCENARIOS ?? fallback).split(',').map((name) => name.trim()) as ScenarioName[];

const logSince =
  (started: number, prefix: string) =>
  (line: string): void =>
    console.log(`[${prefix} ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
