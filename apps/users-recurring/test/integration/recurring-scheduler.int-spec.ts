import { CaptureServer, eventually, formFields, queryStackDb } from '@opp/testing';
import { recurringSuite } from './subscriptions-kit';

interface AutomaticCharge {
  id: number;
  status: string;
  reference_id: number;
  price_minor: number;
  period: number;
  attempt: number;
}

/** A recurring "day" of this suite (RECURRING_DAY_SECONDS; a real day outside tests). */
const DAY_SECONDS = 2;

/**
 * The automatic recurring scheduler of users-recurring (ADR 0012), end to end: due subscriptions
 * charged by payments with the usual callbacks, each period once across a restart, and declined
 * charges retried daily, then recurring disabled.
 */
describe('automatic recurring scheduler', () => {
  let endpoint: CaptureServer;
  const expiryYear = String(new Date().getUTCFullYear() + 2);

  beforeAll(async () => {
    endpoint = await CaptureServer.start();
  });

  afterAll(async () => {
    await endpoint?.stop();
  });

  const suite = recurringSuite('recurring scheduler', {
    extraEnv: {
      RECURRING_DAY_SECONDS: String(DAY_SECONDS),
      RECURRING_SWEEP_INTERVAL_MS: '200',
    },
    more: ['notifier'],
    project: () => ({ callbackUrl: endpoint.url('/callbacks') }),
  });

  const card = (number: string) => ({
    number,
    expiration_month: '12',
    expiration_year: expiryYear,
    security_code: '123',
  });

  /** A user subscribed by a completed charge; returns the user and the subscription row. */
  const subscribe = (identifier: string, interval: number, trial = 0) =>
    suite.subscribe(identifier, { interval, trial });

  /** The automatic charges payments made for a subscription, by period and attempt. */
  const automaticCharges = (subscriptionId: unknown) =>
    queryStackDb<AutomaticCharge>(
      suite.stack,
      'payments',
      `SELECT id::int, status, reference_id::int, price_minor::int,
         split_part(idempotency_key, ':', 3)::int AS period,
         split_part(idempotency_key, ':', 4)::int AS attempt
       FROM transactions WHERE idempotency_key LIKE $1 ORDER BY period, attempt`,
      [`recurring:${String(subscriptionId)}:%`],
    );

  const callbacksOf = (ids: number[]) =>
    endpoint
      .requests('/callbacks')
      .map((r) => formFields(r.body))
      .filter((fields) => ids.includes(Number(fields.id)));

  it('charges every interval, each period once across a restart of users-recurring, with callbacks', async () => {
    const { user, subscribingId, row } = await subscribe('scheduled-1', 1);
    const charged = async (period: number) =>
      (
        await suite.db(
          'users-recurring',
          `SELECT 1 FROM recurring_periods WHERE subscription_id = $1 AND period = $2
             AND status = 'charged'`,
          [row.id, period],
        )
      ).length === 1;
    await eventually(() => charged(1), 'the first period charged', 60_000);

    const service = suite.stack.services['users-recurring']!;
    await service.kill();
    await service.restart();
    await eventually(() => charged(3), 'the third period charged after the restart', 90_000);

    const charges = (await automaticCharges(row.id)).filter((c) => c.period <= 3);
    expect(charges.map((c) => [c.period, c.attempt, c.status])).toEqual([
      [1, 1, 'completed'],
      [2, 1, 'completed'],
      [3, 1, 'completed'],
    ]);
    for (const c of charges)
      expect(c).toMatchObject({ reference_id: subscribingId, price_minor: 999 });
    const periods = await suite.db(
      'users-recurring',
      'SELECT period, attempts, status FROM recurring_periods WHERE subscription_id = $1 AND period <= 3 ORDER BY period',
      [row.id],
    );
    expect(periods).toEqual([
      { period: 1, attempts: 1, status: 'charged' },
      { period: 2, attempts: 1, status: 'charged' },
      { period: 3, attempts: 1, status: 'charged' },
    ]);

    const ids = charges.map((c) => c.id);
    await eventually(() => callbacksOf(ids).length >= 3, 'a callback per automatic charge');
    expect(callbacksOf(ids).map((f) => [f.user, f.status, f.price, f.reference_id])).toEqual(
      ids.map(() => [user, 'completed', '9.9900', String(subscribingId)]),
    );
  });

  it('retries a declined automatic charge daily up to 3 times, then disables recurring for the user', async () => {
    // Subscribed with a good card and a trial far away; then the card on file becomes one the
    // sandbox declines (ADR 0006: 4000000000000002), and the trial is over.
    const { user, row } = await subscribe('declining-1', 1, 1000);
    const declined = await suite.merchant.postForm('/v1/card/process', {
      user,
      card: card('4000000000000002'),
      price: '1.00',
      currency: 'EUR',
      description: 'declining card',
      order_id: 'declined-card-1',
    });
    expect(declined.data.status).toBe('failed');
    await suite.db(
      'payments',
      `UPDATE card_tokens SET card_id = (SELECT card_id FROM transactions WHERE id = $1)
       WHERE id = $2`,
      [declined.data.id, row.card_token_id],
    );
    await suite.db(
      'users-recurring',
      'UPDATE subscriptions SET next_charge_at = now(), period_due_at = now() WHERE id = $1',
      [row.id],
    );

    await eventually(
      async () =>
        (
          await suite.db('users-recurring', 'SELECT status FROM subscriptions WHERE id = $1', [
            row.id,
          ])
        )[0].status === 'disabled',
      'recurring disabled',
      90_000,
    );
    const charges = await automaticCharges(row.id);
    expect(charges.map((c) => [c.period, c.attempt, c.status])).toEqual([
      [1, 1, 'failed'],
      [1, 2, 'failed'],
      [1, 3, 'failed'],
      [1, 4, 'failed'],
    ]);
    expect(
      await suite.db(
        'users-recurring',
        'SELECT period, attempts, status FROM recurring_periods WHERE subscription_id = $1',
        [row.id],
      ),
    ).toEqual([{ period: 1, attempts: 4, status: 'declined' }]);
    const [subscription] = await suite.db(
      'users-recurring',
      'SELECT next_charge_at FROM subscriptions WHERE id = $1',
      [row.id],
    );
    expect(subscription.next_charge_at).toBeNull();

    const ids = charges.map((c) => c.id);
    await eventually(() => callbacksOf(ids).length >= 4, 'a callback per declined charge');
    expect(callbacksOf(ids).every((f) => f.status === 'failed')).toBe(true);

    const manual = await suite.merchant.postForm('/v1/card/processRecurring', {
      user,
      price: '9.99',
      currency: 'EUR',
    });
    expect([manual.status, manual.data.error?.code]).toEqual([403, 40310]);
  });
});
