import type { AppName, Stack } from '@opp/local-stack';
import {
  AdminClient,
  CaptureServer,
  eventually,
  MerchantClient,
  queryStackDb,
  startTestStack,
} from '@opp/testing';
import { expectError } from '../support/card-session';

const DAY_S = 86_400;
const FUTURE_YEAR = String(new Date().getUTCFullYear() + 3);
const card = (number = '4242424242424242') => ({
  number,
  expiration_month: '12',
  expiration_year: FUTURE_YEAR,
  security_code: '123',
});

/**
 * The sandbox clock (ADR 0069) end to end, on real days: the gateway publishes a sandbox project's
 * clock and each time-driven service runs what fell due in that project's time, in order. Every
 * effect below is first shown absent, then present once the project's clock is advanced.
 */
describe('sandbox clock: what a sandbox project time drives', () => {
  let stack: Stack;
  let admin: AdminClient;
  let endpoint: CaptureServer;
  let seq = 0;

  beforeAll(async () => {
    endpoint = await CaptureServer.start();
    stack = await startTestStack({
      suite: 'sandbox clock',
      services: ['api-gateway', 'users-recurring', 'payments', 'notifier'],
    });
    admin = new AdminClient(stack.gatewayUrl!);
  });

  afterAll(async () => {
    await stack?.stop();
    await endpoint?.stop();
  });

  const db = <T = Record<string, unknown>>(app: AppName, sql: string, params: unknown[] = []) =>
    queryStackDb<T>(stack, app, sql, params);

  /** A project known to payments (and to the notifier when it calls back), with a user. */
  async function projectWith(settings: Record<string, unknown> = {}, callbackPath?: string) {
    const created = await admin.createProject({
      callbackUrl: callbackPath ? endpoint.url(callbackPath) : undefined,
      settings: { feePercent: '0', feeFixed: '0', ...settings },
    });
    const apps: AppName[] = callbackPath ? ['payments', 'notifier'] : ['payments'];
    for (const app of apps) {
      await eventually(
        async () =>
          (await db(app, 'SELECT 1 FROM project_snapshots WHERE id = $1', [created.id])).length ===
          1,
        `project ${created.id} in ${app}`,
      );
    }
    const merchant = new MerchantClient(stack.gatewayUrl!, created);
    const user = await merchant.postForm('/v1/user/resolve', {
      identifier: `clock-${created.id}-${++seq}`,
      ip: '10.0.0.9',
    });
    expect(user.status).toBe(200);
    const pay = (extra: Record<string, unknown> = {}) =>
      merchant.postForm('/v1/card/process', {
        user: user.data.id,
        card: card(),
        price: '10.00',
        currency: 'EUR',
        description: 'Clock test',
        order_id: `clock-${++seq}`,
        ...extra,
      });
    return { id: created.id, merchant, userId: user.data.id as string, pay };
  }

  const advance = async (projectId: number, body: Record<string, number>) => {
    const answer = await admin.request(
      'POST',
      `/admin/v1/projects/${projectId}/clock/advance`,
      body,
    );
    expect(answer.status).toBe(200);
    return answer.data as { offsetSeconds: number; now: string; advances: number };
  };

  /** The service has applied the project's clock (its own copy), so what follows sees it. */
  const clockIn = (app: AppName, projectId: number, offsetSeconds: number) =>
    eventually(
      async () =>
        (
          await db<{ s: number }>(
            app,
            'SELECT (offset_ms / 1000)::int AS s FROM project_clocks WHERE project_id = $1',
            [projectId],
          )
        )[0]?.s === offsetSeconds,
      `the clock of project ${projectId} in ${app}`,
    );

  /** A user subscribed by a completed charge with recurring=1 and the given schedule. */
  async function subscribed(
    project: Awaited<ReturnType<typeof projectWith>>,
    interval: number,
    trial = 0,
  ) {
    const charge = await project.pay({
      recurring: 1,
      recurring_interval: interval,
      ...(trial ? { recurring_trial: trial } : {}),
    });
    expect(charge.data).toMatchObject({ status: 'completed' });
    await eventually(
      async () =>
        (
          await db('users-recurring', 'SELECT 1 FROM subscriptions WHERE project_id = $1', [
            project.id,
          ])
        ).length === 1,
      'the subscription in users-recurring',
    );
  }

  const chargedPeriods = (projectId: number) =>
    db<{ period: number; transaction_id: string }>(
      'users-recurring',
      `SELECT p.period, p.transaction_id FROM recurring_periods p
       JOIN subscriptions s ON s.id = p.subscription_id
       WHERE s.project_id = $1 AND p.status = 'charged' ORDER BY p.period`,
      [projectId],
    );

  it('reads a clock; refuses to advance a live project on both APIs (403 40321)', async () => {
    const live = await admin.createProject({ settings: { sandbox: false } });
    const refused = await admin.request('POST', `/admin/v1/projects/${live.id}/clock/advance`, {
      days: 1,
    });
    expectError(refused, 40321);
    const liveMerchant = new MerchantClient(stack.gatewayUrl!, live);
    expectError(await liveMerchant.postForm('/v1/sandbox/clock/advance', { days: 1 }), 40321);
    const liveClock = await admin.request('GET', `/admin/v1/projects/${live.id}/clock`);
    expect(liveClock.data).toMatchObject({ sandbox: false, offsetSeconds: 0, advances: 0 });

    const { id, merchant } = await projectWith();
    const before = await merchant.get('/v1/sandbox/clock', {});
    expect(before.status).toBe(200);
    expect(before.data).toMatchObject({ projectId: id, sandbox: true, offsetSeconds: 0 });
    expectError(await merchant.postForm('/v1/sandbox/clock/advance', { days: 0 }), 40017);
    // One signature, one advance (ADR 0059): the identical retry answers the first outcome.
    const signed = merchant.sign({ project: merchant.keys.publicKey, seconds: 3600 });
    const first = await merchant.postForm('/v1/sandbox/clock/advance', signed, false);
    const again = await merchant.postForm('/v1/sandbox/clock/advance', signed, false);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ offsetSeconds: 3600, advances: 1 });
    expect(again.data).toEqual(first.data);
    const now = Date.parse((first.data as { now: string }).now);
    expect(now - Date.now()).toBeGreaterThan(3500_000);
    const read = await admin.request('GET', `/admin/v1/projects/${id}/clock`);
    expect(read.data).toMatchObject({ offsetSeconds: 3600, advances: 1 });
  });

  it('expires a card token in the project time', async () => {
    const project = await projectWith();
    const token = (await project.merchant.sdk.getToken(card())).id;
    // Ten minutes and a second later in the project's time, the 10-minute token has expired.
    await advance(project.id, { seconds: 601 });
    await clockIn('payments', project.id, 601);
    const charge = await project.pay({ card: undefined, card_token: token });
    expectError(charge, 40304);
  });

  it('releases the rolling reserve when its days have passed in the project time', async () => {
    const project = await projectWith({ rollingReservePercent: '10', rollingReserveDays: 30 });
    const payment = await project.pay();
    expect(payment.data).toMatchObject({ status: 'completed' });
    const returned = () =>
      db<{ status: string; price_minor: string }>(
        'payments',
        `SELECT status, price_minor::text AS price_minor FROM transactions
         WHERE reference_id = $1 AND type = 'rolling_reserve'`,
        [payment.data.id],
      );
    await advance(project.id, { days: 29 });
    await clockIn('payments', project.id, 29 * DAY_S);
    // A round of the reserve scheduler runs on the advance; day 29 of 30 returns nothing.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await returned()).toEqual([]);
    await advance(project.id, { days: 2 });
    await eventually(async () => (await returned()).length === 1, 'the reserve returned');
    expect(await returned()).toEqual([{ status: 'returned', price_minor: '100' }]);
  });

  it('retries a failing callback on the project time until it is dead-lettered, then replays it', async () => {
    endpoint.respond('/down', 503);
    const project = await projectWith({}, '/down');
    const payment = await project.pay();
    expect(payment.data).toMatchObject({ status: 'completed' });
    const delivery = async () =>
      (
        await db<{ id: string; status: string; attempts: number }>(
          'notifier',
          `SELECT id, status, attempts FROM deliveries WHERE project_id = $1 AND subject = $2`,
          [project.id, String(payment.data.id)],
        )
      )[0];
    await eventually(async () => (await delivery())?.attempts === 1, 'the first attempt');
    // The first retry is due 30 s later (ADR 0010): nothing more on the wall clock meanwhile.
    expect(await delivery()).toMatchObject({ status: 'pending', attempts: 1 });

    // A day of the schedule (30 s, 1 min, ... 8 h): eleven or twelve retries, one after another.
    await advance(project.id, { days: 1 });
    await eventually(async () => (await delivery()).attempts >= 12, 'a day of retries');
    expect((await delivery()).status).toBe('pending');
    // Three more days run the schedule out: eighteen retries in all, then the dead letter.
    await advance(project.id, { days: 3 });
    await eventually(async () => (await delivery()).status === 'dead', 'the dead letter');
    expect((await delivery()).attempts).toBe(19);
    expect(endpoint.requests('/down')).toHaveLength(19);
    const numbers = await db<{ number: number; outcome: string }>(
      'notifier',
      `SELECT number, outcome FROM delivery_attempts WHERE delivery_id = $1 ORDER BY finished_at`,
      [(await delivery()).id],
    );
    expect(numbers.map((a) => a.number)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));

    // The merchant is back: the dead letter is replayed and delivered once.
    endpoint.respond('/down', 200);
    const replay = await admin.request(
      'POST',
      `/admin/v1/deliveries/${(await delivery()).id}/replay`,
    );
    expect(replay.status).toBe(200);
    await eventually(async () => (await delivery()).status === 'succeeded', 'the replay');
    expect(endpoint.requests('/down')).toHaveLength(20);
  });

  it('charges a trial subscription only once the trial is over in the project time', async () => {
    const project = await projectWith();
    await subscribed(project, 30, 7);
    await advance(project.id, { days: 6 });
    await clockIn('users-recurring', project.id, 6 * DAY_S);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await chargedPeriods(project.id)).toEqual([]);
    await advance(project.id, { days: 2 });
    await eventually(async () => (await chargedPeriods(project.id)).length === 1, 'period 1');
    // The next period is due 30 days after the trial: one charge only.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await chargedPeriods(project.id)).map((p) => p.period)).toEqual([1]);
  });

  it('runs 13 monthly charges in order on a 13-month advance; another project keeps its time', async () => {
    const monthly = await projectWith({ recurringMonths: 24 });
    const other = await projectWith({ recurringMonths: 24 });
    await subscribed(monthly, 30);
    await subscribed(other, 30);
    expect(await chargedPeriods(monthly.id)).toEqual([]);

    const clock = await advance(monthly.id, { days: 13 * 30 });
    expect(clock.offsetSeconds).toBe(390 * DAY_S);
    await eventually(
      async () => (await chargedPeriods(monthly.id)).length === 13,
      '13 monthly charges',
      60_000,
    );
    const periods = await chargedPeriods(monthly.id);
    expect(periods.map((p) => p.period)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    // In order: each period's charge was made after the one before it.
    const ids = periods.map((p) => Number(p.transaction_id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const payments = await db<{ n: number }>(
      'payments',
      `SELECT count(*)::int AS n FROM transactions
       WHERE project_id = $1 AND type = 'payment' AND status = 'completed'`,
      [monthly.id],
    );
    expect(payments).toEqual([{ n: 14 }]);

    // The other project's time did not move: its first period is still due a month from now.
    expect(await chargedPeriods(other.id)).toEqual([]);
    const otherClock = await admin.request('GET', `/admin/v1/projects/${other.id}/clock`);
    expect(otherClock.data).toMatchObject({ offsetSeconds: 0, advances: 0 });
  });
});
