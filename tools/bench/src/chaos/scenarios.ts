import { Topics } from '@opp/contracts';
import { APP_NAMES, withAdmin, type AppName } from '@opp/local-stack';
import { AdminClient } from '@opp/testing';
import type { CardShop } from '../card-scenario';
import { postSignedForm } from '../signed-form';
import { TOPIC_PREFIX, type ChaosStack } from './chaos-stack';
import { startMerchantEndpoint } from './merchant-endpoint';
import type { ScenarioOutcome } from './outcome';
import { query, underLoad, until, type ExtraChecks, type WorkloadOptions } from './workload';

type Partner = { identifier: string; secret: string };

export interface ScenarioContext {
  chaos: ChaosStack;
  /** The partner submitting trees; none when the load has no trees (no orchestrator). */
  partner: Partner | null;
  callbackUrl: string;
  load: WorkloadOptions;
  log: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The broker leading most partitions of payments' requests topic is SIGKILLed under load and
 * started again 10 s later: producers move to the new leaders, acks=all with min.insync.replicas 2
 * keeps every acknowledged write (ADR 0022).
 */
export async function killRequestsLeader(ctx: ScenarioContext): Promise<ScenarioOutcome> {
  const { chaos } = ctx;
  let restarted: Promise<void> | undefined;
  const outcome = await underLoad(
    'leader of payments.requests SIGKILLed (3 brokers)',
    chaos,
    ctx.partner,
    ctx.callbackUrl,
    ctx.load,
    async () => {
      const leader = await leaderOf(chaos, `${TOPIC_PREFIX}${Topics.paymentsRequests.name}`);
      const node = chaos.cluster.nodes.find((n) => n.id === leader);
      if (!node) throw new Error(`no node ${leader}`);
      ctx.log(`SIGKILL broker ${leader} (pid ${node.pid})`);
      await node.kill();
      restarted = sleep(10_000).then(async () => {
        ctx.log(`starting broker ${leader} again`);
        await node.start();
        ctx.log(`broker ${leader} is back`);
      });
    },
  );
  await restarted;
  return outcome;
}

/** The node that leads most partitions of `topic` (the lowest id on a tie). */
async function leaderOf(chaos: ChaosStack, topic: string): Promise<number> {
  const { topics } = await withAdmin(chaos.cluster.brokers, (admin) =>
    admin.fetchTopicMetadata({ topics: [topic] }),
  );
  const led = new Map<number, number>();
  for (const partition of topics[0].partitions)
    led.set(partition.leader, (led.get(partition.leader) ?? 0) + 1);
  return [...led.entries()].sort(([a, n], [b, m]) => m - n || a - b)[0][0];
}

/**
 * With two instances of every service, the second of each is SIGKILLed in turn, `gapSeconds`
 * apart, and started again: its consumer groups rebalance onto the survivor and back.
 */
export async function killEachServiceInTurn(
  ctx: ScenarioContext,
  gapSeconds: number,
): Promise<ScenarioOutcome> {
  const { chaos } = ctx;
  const restarts: Promise<void>[] = [];
  const victims = APP_NAMES.map((name) => chaos.instancesOf(name)[1]).filter(Boolean);
  const outcome = await underLoad(
    `one of two instances of each service SIGKILLed in turn (${victims.length})`,
    chaos,
    ctx.partner,
    ctx.callbackUrl,
    ctx.load,
    async () => {
      for (const victim of victims) {
        ctx.log(`SIGKILL ${victim.name} (second instance, pid ${victim.pid})`);
        await victim.kill();
        restarts.push(
          sleep(2_000).then(() =>
            victim.restart().catch((error: unknown) => {
              ctx.log(`${victim.name} did not start again: ${String(error)}`);
            }),
          ),
        );
        await sleep(gapSeconds * 1000);
      }
    },
  );
  await Promise.all(restarts);
  return outcome;
}

/** The proxied service's brokers are cut for `seconds` (every connection dropped, none accepted). */
export async function cutFromBroker(
  ctx: ScenarioContext,
  service: AppName,
  seconds: number,
): Promise<ScenarioOutcome> {
  const { chaos } = ctx;
  let dropped = 0;
  const outcome = await underLoad(
    `${service} cut off from the brokers for ${seconds} s`,
    chaos,
    ctx.partner,
    ctx.callbackUrl,
    ctx.load,
    async () => {
      dropped = chaos.kafkaProxies.reduce((sum, proxy) => sum + proxy.open, 0);
      ctx.log(`cutting ${service} off the brokers for ${seconds} s (${dropped} connections)`);
      await Promise.all(chaos.kafkaProxies.map((proxy) => proxy.cut()));
      await sleep(seconds * 1000);
      await Promise.all(chaos.kafkaProxies.map((proxy) => proxy.restore()));
      ctx.log(`${service} reconnected`);
    },
  );
  outcome.notes.unshift(`${dropped} broker connection(s) of ${service} cut`);
  return outcome;
}

const SEPA = {
  type: 2,
  account: 'DE89370400440532013000',
  beneficiaryFirstName: 'Ada',
  beneficiaryLastName: 'Lovelace',
  receiverBankBIC: 'DEUTDEFF',
};

/**
 * The run's own PostgreSQL server is restarted (fast shutdown: every session terminated, then
 * `seconds` with nothing listening) while payouts settle and the recurring sweep charges (the
 * machine's server is shared and never stopped, ADR 0022). Every payout answered is settled once,
 * every recurring period charged at most once and none skipped.
 */
export async function restartPostgres(
  ctx: ScenarioContext,
  seconds: number,
  payoutCount: number,
  subscribers: number,
): Promise<ScenarioOutcome> {
  const { chaos } = ctx;
  const gateway = chaos.stack.gatewayUrl ?? '';
  const created = await new AdminClient(gateway).createProject({
    name: 'Chaos payouts',
    callbackUrl: ctx.callbackUrl,
    settings: { feePercent: '0', feeFixed: '0' },
  });
  const { id: projectId, ...keys } = created;
  const users: string[] = [];
  for (let i = 0; i < subscribers; i++) {
    const user = (await retried(() =>
      postSignedForm(`${gateway}/v1/user/resolve`, keys, {
        identifier: `chaos-subscriber-${i}`,
        ip: '203.0.113.30',
      }),
    )) as { id: string };
    users.push(user.id);
    // The first charge funds the payouts and subscribes the user: a period every 2 s.
    await retried(() =>
      postSignedForm(`${gateway}/v1/card/process`, keys, {
        user: user.id,
        card: {
          number: '4242424242424242',
          expiration_month: '12',
          expiration_year: '2030',
          security_code: '123',
        },
        price: '100.00',
        currency: 'EUR',
        order_id: `chaos-fund-${projectId}-${i}`,
        description: 'Funds and a subscription',
        recurring: 1,
        recurring_interval: 1,
      }),
    );
  }
  const acknowledged: number[] = [];
  let refused = 0;
  const refusals = new Set<string>();
  /** As a merchant does: a payout not answered is asked again, same order id, until answered. */
  const payout = async (i: number) => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        const answer = (await postSignedForm(`${gateway}/v1/payout`, keys, {
          ...SEPA,
          amount: '1.00',
          currency: 'EUR',
          orderId: `chaos-payout-${projectId}-${i}`,
        })) as { id: number };
        acknowledged.push(answer.id);
        return;
      } catch (error) {
        refused++;
        refusals.add(String(error instanceof Error ? error.message : error).slice(0, 80));
        if (Date.now() > deadline) return;
        await sleep(1_000);
      }
    }
  };
  const payouts = async () => {
    // From 2 s before the cut to its end: some settle across it, some are asked during it.
    await sleep(Math.max(0, ctx.load.faultAfterSeconds - 2) * 1000);
    const spacing = ((seconds + 2) * 1000) / payoutCount;
    await Promise.all(
      Array.from({ length: payoutCount }, async (_, i) => {
        await sleep(i * spacing);
        await payout(i);
      }),
    );
  };
  const after = async (): Promise<ExtraChecks> => {
    for (const user of users) {
      await retried(() => postSignedForm(`${gateway}/v1/user/cancelRecurring`, keys, { user }));
    }
    const paymentsUrl = chaos.directUrl('payments');
    const notes: string[] = [];
    let unsettled = acknowledged.length;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const rows = await query<{ n: string }>(
        paymentsUrl,
        `SELECT count(*) AS n FROM payouts WHERE id = ANY($1::bigint[]) AND status = 'completed'`,
        [acknowledged],
      );
      unsettled = acknowledged.length - Number(rows[0].n);
      if (unsettled === 0) break;
      await sleep(1_000);
    }
    if (unsettled) notes.push(`${unsettled} acknowledged payout(s) never completed`);
    if (acknowledged.length < payoutCount)
      notes.push(`${payoutCount - acknowledged.length} payout(s) never answered`);
    if (refusals.size) notes.push(`payout refusals (asked again): ${[...refusals].join(' / ')}`);
    const postedTwice = await query<{ payout_id: string }>(
      paymentsUrl,
      `SELECT payout_id FROM journal_entries WHERE project_id = $1 AND payout_id IS NOT NULL
        GROUP BY payout_id, kind HAVING count(*) > 1`,
      [projectId],
    );
    const payoutRows = await query<{ n: string }>(
      paymentsUrl,
      `SELECT count(*) AS n FROM payouts WHERE project_id = $1`,
      [projectId],
    );
    const extraPayouts = Math.max(0, Number(payoutRows[0].n) - payoutCount);
    if (postedTwice.length) notes.push(`payouts posted twice: ${postedTwice.length}`);
    const periods = await query<{ subscription: string; period: number; completed: string }>(
      paymentsUrl,
      `SELECT split_part(idempotency_key, ':', 2) AS subscription,
              split_part(idempotency_key, ':', 3)::int AS period,
              count(*) FILTER (WHERE status = 'completed') AS completed
         FROM transactions WHERE project_id = $1 AND idempotency_key LIKE 'recurring:%'
        GROUP BY 1, 2`,
      [projectId],
    );
    const chargedTwice = periods.filter((p) => Number(p.completed) > 1).length;
    // A period before a subscription's last one that was never charged was skipped: lost.
    let skipped = 0;
    const bySubscription = new Map<string, Map<number, number>>();
    for (const p of periods) {
      const map = bySubscription.get(p.subscription) ?? new Map<number, number>();
      map.set(p.period, Number(p.completed));
      bySubscription.set(p.subscription, map);
    }
    for (const map of bySubscription.values()) {
      const last = Math.max(...map.keys());
      for (let period = 1; period < last; period++) if (!map.get(period)) skipped++;
    }
    if (chargedTwice) notes.push(`recurring periods charged twice: ${chargedTwice}`);
    if (skipped) notes.push(`recurring periods skipped: ${skipped}`);
    return {
      lost: unsettled + skipped,
      doubled: postedTwice.length + extraPayouts + chargedTwice,
      projects: [projectId],
      notes,
      load:
        `${acknowledged.length} payouts (${refused} answers other than 200, asked again), ` +
        `${periods.length} recurring periods of ${subscribers} subscribers`,
    };
  };
  const server = chaos.postgres;
  if (!server) throw new Error("the PostgreSQL scenario needs the run's own server");
  const outcome = await underLoad(
    `PostgreSQL restarted (down ${seconds} s) during payouts and a recurring sweep`,
    chaos,
    ctx.partner,
    ctx.callbackUrl,
    ctx.load,
    async () => {
      ctx.log(`PostgreSQL: pg_ctl stop -m fast, ${seconds} s down, start`);
      await server.restart(seconds * 1000);
      ctx.log('PostgreSQL accepts connections again');
    },
    { during: payouts, after },
  );
  return outcome;
}

/** A set-up call the stack may refuse while it warms up (a new project's snapshot in flight). */
async function retried<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= 60) throw error;
      await sleep(500);
    }
  }
}

/** Advances a sandbox project's clock (ADR 0069); the notifier retries on the project's time. */
async function advanceClock(admin: AdminClient, projectId: number, seconds: number) {
  const answer = await admin.request('POST', `/admin/v1/projects/${projectId}/clock/advance`, {
    seconds: String(seconds),
  });
  if (answer.status !== 200) {
    throw new Error(`clock of ${projectId}: HTTP ${answer.status} ${JSON.stringify(answer.data)}`);
  }
}

const HOUR_S = 3_600;

/** The wall-clock pause after each hour the shop's clock is advanced. */
const ADVANCE_PAUSE_MS = 500;

/**
 * The shop's endpoint answers each callback this late: longer than an advance and its pause, so a
 * retry that an advance made due is still in flight at the next advances (the notifier's lease of an
 * attempt keeps the wall clock, ADR 0069, or a second claim sends it again).
 */
const SHOP_ANSWER_DELAY_MS = 1_500;

export interface MerchantOutageOptions {
  /** Hours of the shop's time its endpoint is down. */
  hours: number;
  /** Hours of the shop's time its clock runs on, an hour at a time, once the endpoint is back. */
  hoursAfter: number;
  /** Callbacks of the second project, left to go dead and then replayed. */
  deadLetters: number;
}

/**
 * The shop's callback endpoint is down while its sandbox clock (ADR 0069) moves `hours` on, under
 * load (and a tenth of the charges reversed meanwhile, a second callback of the same payment): the
 * notifier's retries (ADR 0010) run on that time. The endpoint comes back, slow to answer, while the
 * clock runs on `hoursAfter`: the retries falling due then are in flight across advances. Every
 * callback arrives exactly once, a refund never before its payment's completion. A second
 * project's endpoint stays down while its clock runs past the whole schedule (four days): its
 * callbacks go dead, an operator replays them, and each arrives once.
 */
export async function merchantOutage(
  ctx: ScenarioContext,
  { hours, hoursAfter, deadLetters }: MerchantOutageOptions,
): Promise<ScenarioOutcome> {
  const { chaos } = ctx;
  const gateway = chaos.stack.gatewayUrl ?? '';
  const admin = new AdminClient(gateway);
  let shopProject = 0;
  const shopEndpoint = await startMerchantEndpoint({ answerDelayMs: SHOP_ANSWER_DELAY_MS });
  const deadEndpoint = await startMerchantEndpoint();
  try {
    await deadEndpoint.down();
    const { id: deadProject, ...deadKeys } = await admin.createProject({
      name: 'Chaos dead letters',
      callbackUrl: deadEndpoint.url,
    });
    const payer = (await retried(() =>
      postSignedForm(`${gateway}/v1/user/resolve`, deadKeys, {
        identifier: 'chaos-dead-letters',
        ip: '203.0.113.40',
      }),
    )) as { id: string };
    for (let i = 0; i < deadLetters; i++) {
      await retried(() =>
        postSignedForm(`${gateway}/v1/card/process`, deadKeys, {
          user: payer.id,
          card: {
            number: '4242424242424242',
            expiration_month: '12',
            expiration_year: '2030',
            security_code: '123',
          },
          price: '5.00',
          currency: 'EUR',
          order_id: `chaos-dead-${deadProject}-${i}`,
          description: 'A callback that goes dead',
        }),
      );
    }
    const reversed = new Set<string>();
    const reversals = async (shop: CardShop) => {
      shopProject = shop.projectId;
      await sleep((ctx.load.faultAfterSeconds + 3) * 1000);
      const orders = [...shop.completedOrders];
      for (const order of orders.slice(0, Math.ceil(orders.length / 10))) {
        // A reversed charge is no longer one completed payment: the callbacks check it instead.
        await shop.reverse(order).then(
          () => {
            reversed.add(order);
            shop.completedOrders.delete(order);
          },
          () => undefined,
        );
      }
    };
    const after = async (shop: CardShop): Promise<ExtraChecks> => {
      const notes: string[] = [];
      const expected = () => {
        const byOrder = new Map<string, string>();
        for (const c of shopEndpoint.received)
          if (c.status === 'completed') byOrder.set(c.orderId, c.id);
        const missing = [...shop.completedOrders, ...reversed].filter(
          (order) => !byOrder.has(order),
        );
        const refunds = new Set(
          shopEndpoint.received.filter((c) => c.status === 'refund_completed').map((c) => c.id),
        );
        return { missing, refundsMissing: reversed.size - refunds.size };
      };
      // Callbacks of the charges after the outage wait for their next retry on the shop's time:
      // move it on (a retry is at most 8 h after the one before) until all have arrived.
      await until(180_000, async () => {
        const { missing, refundsMissing } = expected();
        if (missing.length === 0 && refundsMissing <= 0) return true;
        await advanceClock(admin, shopProject, 9 * HOUR_S);
        await sleep(2_000);
        return false;
      });
      const { missing, refundsMissing } = expected();
      const seen = new Map<string, number>();
      for (const c of shopEndpoint.received) {
        const key = `${c.id}:${c.status}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      const twiceKeys = [...seen.entries()].filter(([, n]) => n > 1).map(([key]) => key);
      const twice = twiceKeys.length;
      // In order per payment: its refund never arrives before its completion.
      const completedAt = new Map<string, number>();
      let outOfOrder = 0;
      shopEndpoint.received.forEach((c, i) => {
        if (c.status === 'completed' && !completedAt.has(c.orderId)) completedAt.set(c.orderId, i);
        if (c.status === 'refund_completed' && c.orderId && !completedAt.has(c.orderId))
          outOfOrder++;
      });
      if (missing.length) notes.push(`${missing.length} completion callback(s) never arrived`);
      if (refundsMissing > 0) notes.push(`${refundsMissing} refund callback(s) never arrived`);
      if (twice)
        notes.push(`${twice} callback(s) delivered twice: ${twiceKeys.slice(0, 5).join(', ')}`);
      if (outOfOrder) notes.push(`${outOfOrder} refund callback(s) before the payment's`);

      // The second endpoint stays down past the schedule (about three days): dead letters,
      // replayed once it is up.
      await advanceClock(admin, deadProject, 4 * 24 * HOUR_S);
      let dead: { id: string }[] = [];
      await until(240_000, async () => {
        const answer = await admin.request(
          'GET',
          `/admin/v1/deliveries?status=dead&project=${deadProject}&limit=100`,
        );
        dead = (answer.data as { deliveries?: { id: string }[] }).deliveries ?? [];
        return dead.length >= deadLetters;
      });
      await deadEndpoint.up();
      let replayed = 0;
      for (const delivery of dead) {
        const answer = await admin.request('POST', `/admin/v1/deliveries/${delivery.id}/replay`);
        if (answer.status === 200) replayed++;
      }
      await until(60_000, () => Promise.resolve(deadEndpoint.received.length >= deadLetters));
      const deadIds = new Set(deadEndpoint.received.map((c) => `${c.id}:${c.status}`));
      const deadLost = deadLetters - deadIds.size;
      const deadTwice = deadEndpoint.received.length - deadIds.size;
      if (dead.length < deadLetters) notes.push(`${dead.length}/${deadLetters} went dead`);
      if (deadLost > 0) notes.push(`${deadLost} replayed callback(s) never arrived`);
      return {
        lost: missing.length + Math.max(0, refundsMissing) + outOfOrder + Math.max(0, deadLost),
        doubled: twice + deadTwice,
        projects: [deadProject],
        notes,
        load:
          `${reversed.size} reversals, ${shopEndpoint.received.length} callbacks; ` +
          `${replayed}/${deadLetters} dead letters replayed`,
      };
    };
    return await underLoad(
      `merchant endpoint down ${hours} h, then slow for ${hoursAfter} h (simulated; callbacks, dead letters replayed)`,
      chaos,
      ctx.partner,
      shopEndpoint.url,
      ctx.load,
      async () => {
        ctx.log(`merchant endpoint down for ${hours} h of the shop's sandbox time`);
        await shopEndpoint.down();
        // An hour at a time, each with a moment of wall-clock time: the retries of the schedule
        // that fall in it happen (and fail) in order.
        const advanceHours = async (count: number) => {
          for (let hour = 0; hour < count; hour++) {
            await advanceClock(admin, shopProject, HOUR_S);
            await sleep(ADVANCE_PAUSE_MS);
          }
        };
        await advanceHours(hours);
        await shopEndpoint.up();
        ctx.log(`merchant endpoint up again; the shop's clock runs on ${hoursAfter} h`);
        await advanceHours(hoursAfter);
      },
      { during: reversals, after },
    );
  } finally {
    await shopEndpoint.close();
    await deadEndpoint.close();
  }
}
