import { reconcileProjectIn } from '@opp/reconcile';
import { eventually } from '@opp/testing';
import { recurringSuite } from './subscriptions-kit';

/** The recurring charge flow's deadline in this suite (RECURRING_CHARGE_DEADLINE_MS). */
const DEADLINE_MS = 6_000;

interface FlowRow {
  state: string;
  outcome: { ok: boolean; value?: { id: number } } | null;
}

/**
 * The recurring charge saga of users-recurring (ADR 0060, docs/architecture/sagas.md) survives a
 * crash between any two of its steps: users-recurring SIGKILLs itself at the crash point, the
 * gateway is killed too, both restart without it, and the flow ends charged exactly once (or
 * compensated), with the user's frequency window counting that one charge and the project's books
 * reconciled. The deadline compensates a flow payments does not answer in time, and a charge that
 * still happens after it counts.
 */
describe('recurring charge saga: crashes between steps, and the deadline', () => {
  const suite = recurringSuite('recurring saga crash', {
    extraEnv: {
      RECURRING_CHARGE_DEADLINE_MS: String(DEADLINE_MS),
      RECURRING_SWEEP_INTERVAL_MS: '200',
    },
  });

  /** A user subscribed by a completed charge, as users-recurring has stored it. */
  const subscribed = async (identifier: string, interval = 0) =>
    (await suite.subscribe(identifier, { interval })).user;

  const processRecurring = (user: string, orderId: string) =>
    suite.merchant.postForm('/v1/card/processRecurring', {
      user,
      price: '4.99',
      currency: 'EUR',
      order_id: orderId,
    });

  const flowOf = async (user: string) =>
    (
      await suite.db<FlowRow>(
        'users-recurring',
        'SELECT state, outcome FROM recurring_charge_flows WHERE user_id = $1',
        [user],
      )
    )[0];

  /** The flow charged once, counted once, nothing left reserved, the books reconciled. */
  async function expectChargedOnce(user: string, orderId: string): Promise<void> {
    await eventually(
      async () => (await flowOf(user))?.state === 'charged',
      `the flow of ${orderId} charged`,
      90_000,
      250,
    );
    const payments = await suite.db<{ id: string; status: string }>(
      'payments',
      'SELECT id, status FROM transactions WHERE order_id = $1',
      [orderId],
    );
    expect(payments).toEqual([{ id: expect.any(String), status: 'completed' }]);
    expect((await flowOf(user)).outcome).toMatchObject({
      ok: true,
      value: { id: Number(payments[0].id) },
    });
    const [subscription] = await suite.db(
      'users-recurring',
      'SELECT charge_reserved_by, last_charged_at FROM subscriptions WHERE user_id = $1',
      [user],
    );
    expect(subscription).toEqual({ charge_reserved_by: null, last_charged_at: expect.any(Date) });
    // The one charge counts: another one within the frequency window is refused.
    const again = await processRecurring(user, `${orderId}-again`);
    expect([again.status, again.data.error?.code]).toEqual([405, 40502]);
    expect(
      await reconcileProjectIn(
        { paymentsUrl: suite.stack.databaseUrls.payments! },
        suite.projectId,
      ),
    ).toEqual([]);
  }

  /** Kills the gateway as well, then restarts both without the crash point. */
  async function restartAfterCrash(pending: Promise<unknown>): Promise<void> {
    const usersRecurring = suite.stack.services['users-recurring']!;
    expect(await usersRecurring.exited).toBeNull(); // killed by SIGKILL, not exited
    await suite.stack.services['api-gateway']!.kill();
    await pending;
    await usersRecurring.restart({ OPP_CRASH_AT: undefined });
    await suite.stack.services['api-gateway']!.restart();
  }

  it.each([
    ['recurring-charge.recorded', 'while recording the flow (before its commit)'],
    ['recurring-charge.awaiting-outcome', 'after the flow is recorded, before payments answered'],
    ['recurring-charge.outcome', "with payments' answer received, before the flow finishes"],
  ])(
    'ends charged once when killed at %s: %s',
    async (crashAt) => {
      const user = await subscribed(`crash-${crashAt}`);
      const orderId = `order-${crashAt}`;
      // The flow is only seen waiting when the gateway asks again before payments has answered:
      // with payments stopped it surely has not, so the crash point is reached whatever the load.
      const holdPayments = crashAt === 'recurring-charge.awaiting-outcome';
      if (holdPayments) await suite.stack.services.payments!.stop();
      await suite.stack.services['users-recurring']!.restart({ OPP_CRASH_AT: crashAt });
      const answer = processRecurring(user, orderId).catch((error: Error) => error);
      await restartAfterCrash(answer);
      if (holdPayments) await suite.stack.services.payments!.restart();
      await expectChargedOnce(user, orderId);
    },
    240_000,
  );

  it('compensates at the deadline when killed while compensating, and counts the late charge', async () => {
    const user = await subscribed('crash-deadline');
    const orderId = 'order-crash-deadline';
    await suite.stack.services.payments!.stop();
    await suite.stack.services['users-recurring']!.restart({
      OPP_CRASH_AT: 'recurring-charge.compensating',
    });
    const answer = processRecurring(user, orderId).catch((error: Error) => error);
    await restartAfterCrash(answer);
    // Restarted with the deadline passed: the flow is compensated, the window released.
    await eventually(
      async () => (await flowOf(user))?.state === 'compensated',
      'the overdue flow compensated',
      60_000,
      250,
    );
    const [released] = await suite.db(
      'users-recurring',
      'SELECT charge_reserved_by, last_charged_at FROM subscriptions WHERE user_id = $1',
      [user],
    );
    expect(released).toEqual({ charge_reserved_by: null, last_charged_at: null });
    // payments comes back and charges the command it had not read: the charge counts.
    await suite.stack.services.payments!.restart();
    await expectChargedOnce(user, orderId);
  }, 240_000);

  it.each([
    ['recurring-schedule.claimed', 'while claiming the due period (before its commit)'],
    ['recurring-schedule.outcome', "with payments' answer received, before the period is recorded"],
  ])(
    'charges a scheduled period once when killed at %s: %s',
    async (crashAt) => {
      const user = await subscribed(`schedule-${crashAt.replace(/\W/g, '-')}`, 30);
      const [{ id }] = await suite.db<{ id: string }>(
        'users-recurring',
        'SELECT id FROM subscriptions WHERE user_id = $1',
        [user],
      );
      await suite.stack.services['users-recurring']!.restart({ OPP_CRASH_AT: crashAt });
      // The first period falls due now (a real day of the schedule is 30 days away).
      await suite.db(
        'users-recurring',
        'UPDATE subscriptions SET next_charge_at = now(), period_due_at = now() WHERE id = $1',
        [id],
      );
      await restartAfterCrash(Promise.resolve());
      await eventually(
        async () =>
          (
            await suite.db(
              'users-recurring',
              `SELECT 1 FROM recurring_periods WHERE subscription_id = $1 AND period = 1
               AND status = 'charged'`,
              [id],
            )
          ).length === 1,
        'the first period charged',
        90_000,
        250,
      );
      const charges = await suite.db<{ status: string }>(
        'payments',
        'SELECT status FROM transactions WHERE idempotency_key LIKE $1',
        [`recurring:${id}:%`],
      );
      expect(charges).toEqual([{ status: 'completed' }]);
      const [subscription] = await suite.db(
        'users-recurring',
        'SELECT period, charge_in_flight FROM subscriptions WHERE id = $1',
        [id],
      );
      expect(subscription).toEqual({ period: 2, charge_in_flight: false });
      expect(
        await reconcileProjectIn(
          { paymentsUrl: suite.stack.databaseUrls.payments! },
          suite.projectId,
        ),
      ).toEqual([]);
    },
    240_000,
  );

  it('answers 503 while payments is away, then the retry answers the charge', async () => {
    const user = await subscribed('deadline-retry');
    const params = suite.merchant.sign({
      project: suite.merchant.keys.publicKey,
      user,
      price: '4.99',
      currency: 'EUR',
      order_id: 'order-deadline-retry',
    });
    await suite.stack.services.payments!.stop();
    const first = await suite.merchant.postForm('/v1/card/processRecurring', params, false);
    expect([first.status, first.data.error?.code]).toEqual([503, 50301]);
    // Recorded and waiting for payments (or already past its deadline, hence compensated).
    expect(['charging', 'compensated']).toContain((await flowOf(user)).state);
    await suite.stack.services.payments!.restart();
    await eventually(
      async () => (await flowOf(user))?.state === 'charged',
      'the flow charged',
      60_000,
      250,
    );
    const retry = await suite.merchant.postForm('/v1/card/processRecurring', params, false);
    expect([retry.status, retry.data.status, retry.data.id]).toEqual([
      200,
      'completed',
      (await flowOf(user)).outcome!.value!.id,
    ]);
  }, 240_000);
});
