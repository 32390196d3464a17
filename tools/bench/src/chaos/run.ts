import type { AppName } from '@opp/local-stack';
import { startCallbackReceiver } from '../callback-receiver';
import { startChaosStack, type ChaosStack } from './chaos-stack';
import { chaosTable, passed, type ScenarioOutcome } from './outcome';
import {
  cutFromBroker,
  killEachServiceInTurn,
  killRequestsLeader,
  merchantOutage,
  restartPostgres,
  type MerchantOutageOptions,
  type ScenarioContext,
} from './scenarios';
import { openPartner, type WorkloadOptions } from './workload';

export interface ChaosRunOptions {
  brokers: 1 | 3;
  services: readonly AppName[];
  instances: Partial<Record<AppName, number>>;
  load: WorkloadOptions;
  /** Which scenarios, in order. */
  scenarios: readonly ScenarioName[];
  brokerCutSeconds: number;
  postgresDownSeconds: number;
  killGapSeconds: number;
  payouts: number;
  subscribers: number;
  /** The merchant scenario's simulated hours and its callbacks left to go dead. */
  merchant: MerchantOutageOptions;
  dbPrefix: string;
  dir: string;
  /** A PostgreSQL server of the run's own (required by the `postgres` scenario). */
  privatePostgres: boolean;
  /** Without a server of its own: the shared server's admin URL (default the machine's). */
  sharedAdminUrl?: string;
  log: (line: string) => void;
}

export type ScenarioName = 'leader' | 'instances' | 'broker-cut' | 'postgres' | 'merchant';

/** The service cut off from the brokers: the one every charge needs. */
export const CUT_SERVICE: AppName = 'payments';

/** Starts the chaos stack, runs the scenarios one after the other, stops it; the outcomes. */
export async function runChaos(options: ChaosRunOptions): Promise<ScenarioOutcome[]> {
  const receiver = await startCallbackReceiver();
  let chaos: ChaosStack | undefined;
  try {
    chaos = await startChaosStack({
      brokers: options.brokers,
      services: options.services,
      instances: options.instances,
      proxiedService: CUT_SERVICE,
      dbPrefix: options.dbPrefix,
      dir: options.dir,
      privatePostgres: options.privatePostgres,
      sharedAdminUrl: options.sharedAdminUrl,
      log: options.log,
    });
    const ctx: ScenarioContext = {
      chaos,
      // Trees need the orchestrator, which waits for the partner's first tree to finish.
      partner: options.load.treeSubmitters > 0 ? await openPartner(chaos) : null,
      callbackUrl: receiver.url,
      load: options.load,
      log: options.log,
    };
    const outcomes: ScenarioOutcome[] = [];
    for (const name of options.scenarios) {
      options.log(`scenario ${name} ...`);
      const outcome = await runScenario(name, ctx, options);
      options.log(`${outcome.scenario}: lost ${outcome.lost}, doubled ${outcome.doubled}`);
      outcomes.push(outcome);
    }
    return outcomes;
  } finally {
    await chaos?.stop();
    await receiver.close();
  }
}

function runScenario(
  name: ScenarioName,
  ctx: ScenarioContext,
  options: ChaosRunOptions,
): Promise<ScenarioOutcome> {
  switch (name) {
    case 'leader':
      return killRequestsLeader(ctx);
    case 'instances':
      return killEachServiceInTurn(ctx, options.killGapSeconds);
    case 'broker-cut':
      return cutFromBroker(ctx, CUT_SERVICE, options.brokerCutSeconds);
    case 'postgres':
      return restartPostgres(
        ctx,
        options.postgresDownSeconds,
        options.payouts,
        options.subscribers,
      );
    case 'merchant':
      return merchantOutage(ctx, options.merchant);
  }
}

/** The table and the notes of the rows that failed; true when every row passed. */
export function report(outcomes: readonly ScenarioOutcome[]): { text: string; ok: boolean } {
  const failed = outcomes.filter((outcome) => !passed(outcome));
  const notes = outcomes
    .filter((outcome) => outcome.notes.length > 0)
    .map((outcome) => `- ${outcome.scenario}: ${outcome.notes.join('; ')}`);
  const text = [chaosTable(outcomes), ...(notes.length ? ['', ...notes] : [])].join('\n');
  return { text, ok: failed.length === 0 && outcomes.length > 0 };
}
