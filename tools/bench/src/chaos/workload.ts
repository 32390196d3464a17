import { Client } from 'pg';
import { reconcileProjectIn } from '@opp/reconcile';
import { AdminClient } from '@opp/testing';
import { CardShop } from '../card-scenario';
import { runLoad } from '../load';
import { auditPayments } from '../payment-audit';
import { eventuallyAccepted, submit } from '../processing-scenario';
import type { ChaosStack } from './chaos-stack';
import { AnswerTally, type ScenarioOutcome } from './outcome';

type Partner = { identifier: string; secret: string };

export interface WorkloadOptions {
  /** Shoppers charging one after the other (the bench's closed loop). */
  concurrency: number;
  /** Partners submitting trees, each pausing `treePauseMs` between submissions. */
  treeSubmitters: number;
  treePauseMs: number;
  /** How long the load runs; the fault starts `faultAfterSeconds` into it. */
  seconds: number;
  faultAfterSeconds: number;
}

/** What a scenario adds to the common checks: its own effects lost or doubled, its projects. */
export interface ExtraChecks {
  lost: number;
  doubled: number;
  projects: number[];
  notes: string[];
  load?: string;
}

/** A partner whose trees the orchestrator accepts, shared by every scenario of a run. */
export async function openPartner(chaos: ChaosStack): Promise<Partner> {
  const gatewayUrl = chaos.stack.gatewayUrl ?? '';
  const admin = new AdminClient(gatewayUrl);
  const project = await admin.createProject({ name: 'Chaos partner' });
  const partner = await admin.createPartner(project.id, `chaos-${Date.now().toString(36)}`);
  await eventuallyAccepted(gatewayUrl, partner);
  return partner;
}

/**
 * Runs the bench's card load (one shop, `concurrency` shoppers) and a stream of trees, starts
 * `fault` into it, then waits for what was acknowledged to settle and counts: acknowledged charges
 * without exactly one completed payment and acknowledged trees never FINISHED are lost, an order
 * with two payments is doubled, and the shop's books are reconciled (ADR 0021).
 */
export async function underLoad(
  scenario: string,
  chaos: ChaosStack,
  partner: Partner | null,
  callbackUrl: string,
  options: WorkloadOptions,
  fault: () => Promise<void>,
  extra?: {
    /** Runs beside the load from its start (payouts, reversals ...). */
    during?: (shop: CardShop) => Promise<void>;
    /** After the common checks' waits: the scenario's own. */
    after?: (shop: CardShop) => Promise<ExtraChecks>;
  },
): Promise<ScenarioOutcome> {
  if (options.treeSubmitters > 0 && !partner) throw new Error('trees need a partner (openPartner)');
  const gateways = chaos.gatewayUrls();
  const shop = await CardShop.open(gateways, callbackUrl, options.concurrency);
  const tally = new AnswerTally();
  shop.onAnswer = tally.record;
  const trees: string[] = [];
  let treesRefused = 0;
  const tree = (submitter: Partner) => async (worker: number, i: number) => {
    const gateway = gateways[i % gateways.length];
    try {
      const name = `c${worker}-${i}-${Date.now().toString(36)}`;
      trees.push(await submit(gateway, submitter, name, []));
    } catch {
      treesRefused++;
    }
    await new Promise((resolve) => setTimeout(resolve, options.treePauseMs));
  };
  const load = { seconds: options.seconds, warmupSeconds: 0 };
  const faulted = (async () => {
    await new Promise((resolve) => setTimeout(resolve, options.faultAfterSeconds * 1000));
    tally.faultAt = Date.now();
    await fault();
  })();
  const [charges] = await Promise.all([
    shop.load('charges', { concurrency: options.concurrency, ...load }),
    options.treeSubmitters > 0 && partner
      ? runLoad('trees', tree(partner), { concurrency: options.treeSubmitters, ...load })
      : undefined,
    extra?.during?.(shop),
    faulted,
  ]);

  const notes: string[] = [];
  const unfinished = chaos.has('processing-orchestrator')
    ? await awaitTrees(chaos.directUrl('processing-orchestrator'), trees)
    : [];
  if (unfinished.length > 0)
    notes.push(
      `${unfinished.length} acknowledged tree(s) never FINISHED: ${unfinished.slice(0, 3).join(', ')}`,
    );
  const paymentsUrl = chaos.directUrl('payments');
  const completedLater = await awaitSettled(paymentsUrl, [...tally.refusedOrders]);
  const audit = await auditPayments(paymentsUrl, shop.orderPrefix, shop.completedOrders);
  if (audit.lost.length) notes.push(`charges lost: ${audit.lost.slice(0, 5).join(', ')}`);
  if (audit.duplicated.length)
    notes.push(`orders paid twice: ${audit.duplicated.slice(0, 5).join(', ')}`);
  const more = extra?.after ? await extra.after(shop) : undefined;
  notes.push(...(more?.notes ?? []));
  let differences = 0;
  for (const projectId of [shop.projectId, ...(more?.projects ?? [])]) {
    const found = await reconcileProjectIn(
      {
        paymentsUrl,
        payoutsUrl: chaos.has('payouts') ? chaos.directUrl('payouts') : undefined,
      },
      projectId,
    );
    differences += found.length;
    for (const d of found.slice(0, 3))
      notes.push(`reconcile ${projectId}: ${d.check} ${d.subject}`);
  }
  const treeLoad =
    options.treeSubmitters > 0 ? ` + ${trees.length} trees (${treesRefused} refused)` : '';
  return {
    scenario,
    load:
      `${options.concurrency}-way charges, ${charges.seconds.toFixed(0)} s: ` +
      `${tally.total} charges${treeLoad}${more?.load ? ` + ${more.load}` : ''}`,
    answers: tally.describe(completedLater),
    window: tally.window(),
    lost: audit.lost.length + unfinished.length + (more?.lost ?? 0),
    doubled: audit.duplicated.length + (more?.doubled ?? 0),
    differences,
    notes,
  };
}

/** Waits (up to 3 min) for every acknowledged tree to be FINISHED; answers those that are not. */
async function awaitTrees(
  orchestratorUrl: string,
  globalIds: readonly string[],
): Promise<string[]> {
  if (globalIds.length === 0) return [];
  let open: string[] = [...globalIds];
  await until(180_000, async () => {
    const rows = await query<{ global_id: string }>(
      orchestratorUrl,
      `SELECT global_id FROM processing_requests
        WHERE status <> 'FINISHED' AND global_id = ANY($1::uuid[])`,
      [globalIds],
    );
    const found = await query<{ n: string }>(
      orchestratorUrl,
      'SELECT count(*) AS n FROM processing_requests WHERE global_id = ANY($1::uuid[])',
      [globalIds],
    );
    const missing = globalIds.length - Number(found[0].n);
    open = [...rows.map((row) => row.global_id), ...Array<string>(missing).fill('(not stored)')];
    return open.length === 0;
  });
  return open;
}

/**
 * Orders the gateway did not answer `completed` (a 503, a dropped connection) may still complete:
 * waits until their count of completed payments stays the same for 5 s (at most a minute).
 */
async function awaitSettled(paymentsUrl: string, orders: readonly string[]): Promise<number> {
  if (orders.length === 0) return 0;
  let last = -1;
  let since = Date.now();
  let completed = 0;
  await until(60_000, async () => {
    const rows = await query<{ n: string }>(
      paymentsUrl,
      `SELECT count(*) AS n FROM transactions
        WHERE type = 'payment' AND status = 'completed' AND order_id = ANY($1::text[])`,
      [orders],
    );
    completed = Number(rows[0].n);
    if (completed !== last) {
      last = completed;
      since = Date.now();
    }
    return Date.now() - since >= 5_000;
  });
  return completed;
}

export async function until(timeoutMs: number, done: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await done()) return true;
    } catch {
      // The database may be cut off by the scenario itself: ask again.
    }
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function query<T extends object>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: url, application_name: 'opp-chaos' });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
