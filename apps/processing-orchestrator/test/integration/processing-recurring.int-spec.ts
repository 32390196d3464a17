import type { Stack } from '@opp/local-stack';
import { awaitSubscription, queryStackDb, startTestStack } from '@opp/testing';
import { newPartner, PartnerClient, taskStatuses } from '../support/partner-client';

/**
 * The `recurring.charge` task function (ADR 0005, ADR 0012) through /processing: users-recurring
 * applies the subscription's rules, payments charges the card on file and answers the task.
 */
describe('Task-Tree Processing API: recurring.charge', () => {
  let stack: Stack;
  let partner: PartnerClient;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'processing recurring',
      services: ['api-gateway', 'processing-orchestrator', 'users-recurring', 'payments'],
    });
    partner = new PartnerClient(stack.gatewayUrl!, await newPartner(stack, 'recurring-partner'));
    // Starting the stack on a loaded machine can take longer than the default.
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
  });

  async function run(tasks: unknown[]) {
    const { data } = await partner.submit(partner.request(tasks));
    return partner.finished(data.header.response.globalId as string);
  }

  async function resolvedUser(identifier: string): Promise<string> {
    const done = await run([{ type: 'user.resolve', payload: { identifier } }]);
    return done.payload.tasks[0].data.id as string;
  }

  it('charges a subscribed user as a task; a second one within frequency days fails with 40502', async () => {
    const user = await resolvedUser('tree-subscriber');
    const subscribed = await run([
      {
        type: 'card.payment',
        payload: {
          user,
          card: {
            number: '4242424242424242',
            expiration_month: '12',
            expiration_year: String(new Date().getUTCFullYear() + 2),
            security_code: '123',
          },
          price: '10.00',
          currency: 'EUR',
          description: 'subscription',
          recurring: 1,
          recurring_interval: 0,
        },
      },
    ]);
    expect(taskStatuses(subscribed)).toEqual({ '0': 'SUCCESS' });
    const subscribingId = subscribed.payload.tasks[0].data.id as number;
    await awaitSubscription(stack, user);

    const charge = {
      type: 'recurring.charge',
      payload: { user, price: '4.50', currency: 'EUR', description: 'monthly' },
    };
    const done = await run([{ ...charge, success: [{ ...charge }] }]);
    expect(taskStatuses(done)).toEqual({ '0': 'SUCCESS', '0.success.0': 'FAIL' });
    const [first] = done.payload.tasks;
    expect(first.data).toMatchObject({
      success: true,
      status: 'completed',
      price: '4.50',
      currency: 'EUR',
      referenceId: subscribingId,
      user: expect.objectContaining({ id: user }),
    });
    expect(first.success[0].data).toEqual({
      error: { code: 40502, message: 'Recurring payments too frequent for the user' },
    });
    const charges = await queryStackDb(
      stack,
      'payments',
      'SELECT reference_id::int FROM transactions WHERE user_id = $1 AND reference_id IS NOT NULL',
      [user],
    );
    expect(charges).toEqual([{ reference_id: subscribingId }]);
  });

  it('fails for a user without a subscription (40405) and for a payload without price', async () => {
    const user = await resolvedUser('tree-unsubscribed');
    const done = await run([
      { type: 'recurring.charge', payload: { user, price: '1.00', currency: 'EUR' } },
      { type: 'recurring.charge', payload: { user, currency: 'EUR' } },
    ]);
    expect(taskStatuses(done)).toEqual({ '0': 'FAIL', '1': 'FAIL' });
    expect(done.payload.tasks[0].data.error.code).toBe(40405);
    expect(done.payload.tasks[1].data.error.code).toBe(40017);
  });
});
