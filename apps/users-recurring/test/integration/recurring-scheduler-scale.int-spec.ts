import { eventually, queryStackDb, SANDBOX_CARD } from '@opp/testing';
import { recurringSuite } from './subscriptions-kit';

const DUE = 10_000;

/**
 * The scheduler at scale (ADR 0012): 10,000 subscriptions due at once are charged in one sweep,
 * batch after batch (never all in memory), each exactly once. Durations are printed, not asserted.
 */
describe('automatic recurring scheduler: 10,000 due subscriptions', () => {
  const suite = recurringSuite('recurring scale 10k', {
    extraEnv: { RECURRING_SWEEP_INTERVAL_MS: '200' },
  });

  const count = async (app: 'users-recurring' | 'payments', sql: string, params: unknown[] = []) =>
    (await queryStackDb<{ n: number }>(suite.stack, app, sql, params))[0].n;

  it('charges every due subscription exactly once, one period key each', async () => {
    // One real subscription (manual only) lends its card on file and its subscribing charge.
    const { id: user } = await suite.merchant.sdk.resolveUser({
      identifier: 'bulk',
      ip: '10.9.9.9',
    });
    const charge = await suite.merchant.postForm('/v1/card/process', {
      user,
      card: SANDBOX_CARD,
      price: '1.00',
      currency: 'EUR',
      description: 'bulk subscription',
      recurring: 1,
      recurring_interval: 0,
    });
    expect(charge.data.status).toBe('completed');
    let token = '';
    await eventually(async () => {
      const rows = await queryStackDb<{ card_token_id: string }>(
        suite.stack,
        'users-recurring',
        'SELECT card_token_id FROM subscriptions WHERE user_id = $1',
        [user],
      );
      token = rows[0]?.card_token_id ?? '';
      return token !== '';
    }, 'the subscription');

    // Each seeded subscription has its own permanent token (of the same vault card), as real ones do.
    await queryStackDb(
      suite.stack,
      'payments',
      `INSERT INTO card_tokens (id, project_id, card_id, kind)
       SELECT 'bulk-token-' || g, project_id, card_id, 'permanent'
       FROM card_tokens, generate_series(1, $2) AS g WHERE id = $1`,
      [token, DUE],
    );
    const seededAt = Date.now();
    await queryStackDb(
      suite.stack,
      'users-recurring',
      `INSERT INTO subscriptions (project_id, user_id, transaction_id, interval_days, trial_days,
         price, currency, card_token_id, frequency_days, ends_at, status, subscribed_at,
         next_charge_at, period_due_at)
       SELECT $1, 'bulk-' || g, $2, 30, 0, '1.00', 'EUR', 'bulk-token-' || g, 0,
         now() + interval '1 year', 'active', now() - interval '30 days',
         now() - interval '1 minute', now() - interval '1 minute'
       FROM generate_series(1, $3) AS g`,
      [suite.projectId, charge.data.id, DUE],
    );

    await eventually(
      async () =>
        (await count('users-recurring', 'SELECT count(*)::int AS n FROM recurring_periods')) ===
        DUE,
      'every due subscription claimed',
      300_000,
      250,
    );
    const claimedAfter = Date.now() - seededAt;
    await eventually(
      async () =>
        (await count(
          'users-recurring',
          `SELECT count(*)::int AS n FROM recurring_periods WHERE status = 'charged'`,
        )) === DUE,
      'every period charged by payments',
      900_000,
      500,
    );
    const chargedAfter = Date.now() - seededAt;
    // A measurement for the reader, never an assertion.
    process.stdout.write(
      `[recurring scale] ${DUE} due subscriptions: claimed in ${claimedAfter} ms, ` +
        `charged by payments in ${chargedAfter} ms\n`,
    );

    expect(
      await count(
        'users-recurring',
        `SELECT count(*)::int AS n FROM recurring_periods WHERE period = 1 AND attempts = 1`,
      ),
    ).toBe(DUE);
    expect(
      await count(
        'users-recurring',
        `SELECT count(*)::int AS n FROM subscriptions
         WHERE user_id LIKE 'bulk-%' AND period = 2 AND NOT charge_in_flight
           AND next_charge_at > now() + interval '29 days'`,
      ),
    ).toBe(DUE);
    const [charges] = await queryStackDb<{
      n: number;
      keys: number;
      subs: number;
      completed: number;
    }>(
      suite.stack,
      'payments',
      `SELECT count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys,
         count(DISTINCT split_part(idempotency_key, ':', 2))::int AS subs,
         count(*) FILTER (WHERE status = 'completed')::int AS completed
       FROM transactions WHERE idempotency_key LIKE 'recurring:%'`,
    );
    expect(charges).toEqual({ n: DUE, keys: DUE, subs: DUE, completed: DUE });
  }, 1_200_000);
});
