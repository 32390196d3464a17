import type { Stack } from '@opp/local-stack';
import { eventually, queryStackDb, SANDBOX_CARD, type MerchantClient } from '@opp/testing';

/**
 * A user subscribed by a completed charge of 9.99 EUR with recurring=1 (ADR 0012), once
 * users-recurring has stored the subscription: the user, the subscribing charge and the row.
 */
export async function subscribedUser(
  stack: Stack,
  merchant: MerchantClient,
  identifier: string,
  recurring: { interval: number; trial?: number },
): Promise<{ user: string; subscribingId: number; row: Record<string, unknown> }> {
  const { id: user } = await merchant.sdk.resolveUser({ identifier, ip: '198.51.100.9' });
  const charge = await merchant.postForm('/v1/card/process', {
    user,
    card: SANDBOX_CARD,
    price: '9.99',
    currency: 'EUR',
    description: 'Subscription',
    order_id: `sub-${identifier}`,
    recurring: 1,
    recurring_interval: recurring.interval,
    ...(recurring.trial === undefined ? {} : { recurring_trial: recurring.trial }),
  });
  expect([charge.status, charge.data.status, charge.data.error]).toEqual([
    200,
    'completed',
    undefined,
  ]);
  let rows: Record<string, unknown>[] = [];
  await eventually(async () => {
    rows = await queryStackDb(
      stack,
      'users-recurring',
      'SELECT * FROM subscriptions WHERE user_id = $1',
      [user],
    );
    return rows.length === 1;
  }, 'the subscription in users-recurring');
  return { user, subscribingId: charge.data.id as number, row: rows[0] };
}
