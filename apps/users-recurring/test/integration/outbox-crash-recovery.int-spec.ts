import type { Stack } from '@opp/local-stack';
import {
  eventually,
  newMerchant,
  queryStackDb,
  startTestStack,
  type MerchantClient,
} from '@opp/testing';

/**
 * A user committed together with its outbox message, then the service SIGKILLed before its relay
 * published anything: after the restart the event is published and reaches payments.
 */
describe('users-recurring killed after committing, before relaying', () => {
  let stack: Stack;
  let merchant: MerchantClient;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'outbox crash',
      services: ['api-gateway', 'users-recurring', 'payments'],
      extraEnv: { OUTBOX_RELAY_PAUSED: 'true' },
    });
    ({ merchant } = await newMerchant(stack));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const query = (app: 'users-recurring' | 'payments', sql: string, params: unknown[] = []) =>
    queryStackDb(stack, app, sql, params);

  it('delivers the committed event after the restart', async () => {
    const response = await merchant.postForm('/v1/user/resolve', {
      identifier: 'crash-1',
      ip: '10.1.1.1',
    });
    expect(response.status).toBe(200);
    const pending = await query('users-recurring', 'SELECT message_type FROM outbox_messages');
    expect(pending).toEqual([{ message_type: 'users.user-created.v1' }]);

    await stack.services['users-recurring']!.kill();
    await stack.services['users-recurring']!.restart({ OUTBOX_RELAY_PAUSED: 'false' });

    await eventually(
      async () =>
        (
          await query('payments', 'SELECT 1 FROM users_read_model WHERE id = $1', [
            response.data.id,
          ])
        ).length === 1,
      'the user in the payments read model',
    );
    expect(await query('users-recurring', 'SELECT 1 FROM outbox_messages')).toEqual([]);
  });
});
