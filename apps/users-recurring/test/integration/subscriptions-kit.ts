import type { AppName, Stack } from '@opp/local-stack';
import {
  eventually,
  newMerchant,
  queryStackDb,
  SANDBOX_CARD,
  STACK_START_TIMEOUT_MS,
  startTestStack,
  type MerchantClient,
} from '@opp/testing';

export interface RecurringSuiteOptions {
  extraEnv?: Record<string, string>;
  /** More apps than the gateway, users-recurring and payments (the notifier for callbacks). */
  more?: AppName[];
  /** The merchant's project fields, read once the stack is up (a server the suite started). */
  project?: () => Record<string, unknown>;
}

/**
 * A suite's stack of the gateway, users-recurring and payments with one merchant, started before
 * its tests and stopped after them, with the kit's reads bound to it. Call it in the `describe`.
 */
export function recurringSuite(suite: string, options: RecurringSuiteOptions = {}) {
  let stack: Stack | undefined;
  let owner: { merchant: MerchantClient; projectId: number } | undefined;
  beforeAll(async () => {
    stack = await startTestStack({
      suite,
      services: ['api-gateway', 'users-recurring', 'payments', ...(options.more ?? [])],
      extraEnv: options.extraEnv,
    });
    owner = await newMerchant(stack, options.project?.());
  }, STACK_START_TIMEOUT_MS);
  afterAll(async () => {
    await stack?.stop();
  });
  const started = () => {
    if (!stack || !owner) throw new Error(`the stack of "${suite}" is not started`);
    return { stack, ...owner };
  };
  return {
    get stack() {
      return started().stack;
    },
    get merchant() {
      return started().merchant;
    },
    get projectId() {
      return started().projectId;
    },
    db: <T = Record<string, unknown>>(
      app: 'users-recurring' | 'payments',
      sql: string,
      params: unknown[] = [],
    ) => queryStackDb<T>(started().stack, app, sql, params),
    /** A user subscribed by a completed charge of the suite's merchant (subscribedUser). */
    subscribe: (identifier: string, recurring: { interval: number; trial?: number }) =>
      subscribedUser(started().stack, started().merchant, identifier, recurring),
  };
}

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
