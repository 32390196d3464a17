import { eventually, queryStackDb } from '@opp/testing';
import { expectError, openCardSession, type CardSession } from '../support/card-session';

/**
 * Manual recurring end to end (ADR 0012): gateway -> users-recurring (the subscription's rules)
 * -> payments (the card on file, no 3-D Secure), and the subscription's settings.
 */
describe('recurring payments: processRecurring, changeRecurring, cancelRecurring', () => {
  let session: CardSession;
  let merchant: CardSession['merchant'];

  beforeAll(async () => {
    session = await openCardSession('recurring payments');
    merchant = session.merchant;
  });

  afterAll(async () => {
    await session?.stack.stop();
  });

  const users = (app: 'users-recurring' | 'payments', sql: string, params: unknown[] = []) =>
    queryStackDb(session.stack, app, sql, params);

  let userSeq = 0;
  /** A new user of the project, subscribed by a completed charge with recurring=1. */
  async function subscribedUser(number = '4242424242424242', interval = 0) {
    const { id } = await merchant.sdk.resolveUser({
      identifier: `recurring-${++userSeq}-${Date.now()}`,
      ip: '203.0.113.9',
    });
    const params = {
      user: id,
      card_token: await session.tokenFor(number),
      recurring: 1,
      recurring_interval: interval,
    };
    let charge = await session.charge(params);
    if (charge.data.status === 'authenticating') {
      const auth = await merchant.postForm(
        '/v1/card/authenticate',
        await session.passChallenge(charge.data.acs, '3ds-pass'),
      );
      expect(auth.data).toMatchObject({ success: true, status: 'completed' });
      charge = { ...charge, data: { ...charge.data, id: auth.data.id } };
    } else {
      expect(charge.data).toMatchObject({ status: 'completed', recurring: { frequency: 1 } });
    }
    await eventually(
      async () =>
        (await users('users-recurring', 'SELECT 1 FROM subscriptions WHERE user_id = $1', [id]))
          .length === 1,
      'the subscription in users-recurring',
    );
    return {
      userId: id,
      subscribingId: charge.data.id as number,
      subscribingOrderId: charge.data.orderId as string,
    };
  }

  const processRecurring = (user: string, extra: Record<string, unknown> = {}) =>
    merchant.postForm('/v1/card/processRecurring', {
      user,
      price: '4.99',
      currency: 'EUR',
      order_id: session.nextOrder(),
      description: 'Monthly box',
      ...extra,
    });

  it('charges a subscribed user with no card data and no 3-D Secure; referenceId is the subscribing charge', async () => {
    // A card that always asks for 3-D Secure: the subscribing charge passes the challenge, the
    // repeated one is charged without it.
    const { userId, subscribingId } = await subscribedUser('4000000000003220');
    const response = await processRecurring(userId, { price: '7.50', attr_plan: 'gold' });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      success: true,
      id: expect.any(Number),
      orderId: expect.any(String),
      referenceId: subscribingId,
      price: '7.50',
      fee: expect.any(String),
      currency: 'EUR',
      type: 'payment',
      status: 'completed',
      reason: null,
      card: expect.objectContaining({ lastFour: '3220' }),
      user: expect.objectContaining({ id: userId }),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(response.data.acs).toBeUndefined();
  });

  it('answers 405 40502 for a second charge within frequency days; the subscribing payment did not count', async () => {
    const { userId } = await subscribedUser();
    expect((await processRecurring(userId)).data).toMatchObject({ status: 'completed' });
    const second = await processRecurring(userId);
    expectError(second, 40502);
    // The subscribing charge and the first recurring one; the refused one charged nothing.
    const rows = await users(
      'payments',
      'SELECT count(*)::int AS n FROM transactions WHERE user_id = $1',
      [userId],
    );
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('does not count a refused attempt: 40501 for a live order_id, then a fresh order_id charges (ADR 0012)', async () => {
    const { userId, subscribingOrderId } = await subscribedUser();
    // The order id of the subscribing payment names a live (completed) payment: nothing is charged.
    const refused = await processRecurring(userId, { order_id: subscribingOrderId });
    expectError(refused, 40501);
    const charged = await processRecurring(userId);
    expect([charged.status, charged.data.status]).toEqual([200, 'completed']);
    // The refused attempt left no trace in the user's frequency window; the charge did.
    expectError(await processRecurring(userId), 40502);
    const flows = await users(
      'users-recurring',
      'SELECT state FROM recurring_charge_flows WHERE user_id = $1 ORDER BY created_at',
      [userId],
    );
    expect(flows).toEqual([{ state: 'refused' }, { state: 'charged' }]);
  });

  it('replays the answer of an identical signed retry instead of refusing it as too frequent', async () => {
    const { userId } = await subscribedUser();
    const params = merchant.sign({
      project: merchant.keys.publicKey,
      user: userId,
      price: '3.00',
      currency: 'EUR',
      order_id: session.nextOrder(),
    });
    const first = await merchant.postForm('/v1/card/processRecurring', params, false);
    const retry = await merchant.postForm('/v1/card/processRecurring', params, false);
    expect(first.status).toBe(200);
    expect([retry.status, retry.data.id]).toEqual([200, first.data.id]);
  });

  it('answers 404 40405 for a user who never subscribed, and 404 40406 for an unknown user', async () => {
    const { id } = await merchant.sdk.resolveUser({
      identifier: 'never-subscribed',
      ip: '10.0.0.1',
    });
    expectError(await processRecurring(id), 40405);
    expectError(
      await merchant.postForm('/v1/user/changeRecurring', { user: id, interval: 3 }),
      40405,
    );
    expectError(await merchant.postForm('/v1/user/cancelRecurring', { user: id }), 40405);
    expectError(await processRecurring('99999999'), 40406);
  });

  it('answers 403 40310 after cancelRecurring, for charges and changes', async () => {
    const { userId } = await subscribedUser();
    const cancelled = await merchant.postForm('/v1/user/cancelRecurring', { user: userId });
    expect([cancelled.status, cancelled.data]).toEqual([200, { success: true }]);
    expectError(await processRecurring(userId), 40310);
    expectError(
      await merchant.postForm('/v1/user/changeRecurring', { user: userId, interval: 5 }),
      40310,
    );
    const again = await merchant.postForm('/v1/user/cancelRecurring', { user: userId });
    expect(again.data).toEqual({ success: true });
  });

  it('answers 403 40311 once endsAt has passed', async () => {
    const { userId } = await subscribedUser();
    await users(
      'users-recurring',
      `UPDATE subscriptions SET ends_at = now() - interval '1 day' WHERE user_id = $1`,
      [userId],
    );
    expectError(await processRecurring(userId), 40311);
  });

  it('answers 405 40503 when the card on file can no longer be charged, and charges nothing', async () => {
    const { userId } = await subscribedUser();
    const [subscription] = await users(
      'users-recurring',
      'SELECT card_token_id FROM subscriptions WHERE user_id = $1',
      [userId],
    );
    // The stored card has expired since the user subscribed.
    await users(
      'payments',
      `UPDATE vault_cards SET expiration_year = 2001
       WHERE id = (SELECT card_id FROM card_tokens WHERE id = $1)`,
      [subscription.card_token_id],
    );
    const orderId = session.nextOrder();
    expectError(await processRecurring(userId, { order_id: orderId }), 40503);
    expect(
      await users('payments', 'SELECT 1 FROM transactions WHERE order_id = $1', [orderId]),
    ).toEqual([]);
  });

  it('changes interval and price; a price without currency is 400 40017', async () => {
    const { userId } = await subscribedUser();
    expectError(
      await merchant.postForm('/v1/user/changeRecurring', { user: userId, price: '12.00' }),
      40017,
    );
    const changed = await merchant.postForm('/v1/user/changeRecurring', {
      user: userId,
      interval: 14,
      price: '12.00',
      currency: 'USD',
    });
    expect([changed.status, changed.data]).toEqual([200, { success: true }]);
    const [row] = await users(
      'users-recurring',
      'SELECT interval_days, price, currency, next_charge_at FROM subscriptions WHERE user_id = $1',
      [userId],
    );
    expect(row).toMatchObject({ interval_days: 14, price: '12.00', currency: 'USD' });
    expect(row.next_charge_at).not.toBeNull();
    const manualOnly = await merchant.postForm('/v1/user/changeRecurring', {
      user: userId,
      interval: 0,
    });
    expect(manualOnly.data).toEqual({ success: true });
    const [after] = await users(
      'users-recurring',
      'SELECT interval_days, next_charge_at FROM subscriptions WHERE user_id = $1',
      [userId],
    );
    expect(after).toEqual({ interval_days: 0, next_charge_at: null });
  });

  it('describes the three operations in the OpenAPI document with request and response schemas', async () => {
    const doc = (await (await fetch(`${session.gateway}/docs-json`)).json()) as {
      paths: Record<string, { post?: Record<string, unknown> }>;
    };
    for (const path of [
      '/v1/card/processRecurring',
      '/v1/user/changeRecurring',
      '/v1/user/cancelRecurring',
    ]) {
      const post = doc.paths[path]?.post as {
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
      };
      expect(post?.requestBody?.content['application/x-www-form-urlencoded']?.schema).toBeDefined();
      expect(post.responses['200']?.content?.['application/json']?.schema).toBeDefined();
    }
  });
});
