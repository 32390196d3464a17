import { instanceLaunches, INSTANCE_PORT_STEP } from './stack';
import type { AppName } from './services';

const ports = { 'api-gateway': 3000, payments: 3002 } as Record<AppName, number>;
const envs = new Map<AppName, Record<string, string | undefined>>([
  ['api-gateway', { ADMIN_PORT: '3010', KAFKA_TOPIC_PREFIX: '' }],
  ['payments', { PAYMENTS_DATABASE_URL: 'postgres://x/opp_payments' }],
]);

describe('instanceLaunches (scale-out of the local stack)', () => {
  it('starts one instance of each service unless asked for more', async () => {
    const launches = await instanceLaunches(['api-gateway', 'payments'], ports, envs, {
      ports: 'default',
    });
    expect(launches.map(({ name, instance, port }) => [name, instance, port])).toEqual([
      ['api-gateway', 1, 3000],
      ['payments', 1, 3002],
    ]);
  });

  it('gives extra instances the same environment and their own ports, admin port included', async () => {
    const launches = await instanceLaunches(['api-gateway', 'payments'], ports, envs, {
      ports: 'default',
      instances: { 'api-gateway': 2, payments: 3 },
    });
    expect(launches.map(({ name, instance, port }) => [name, instance, port])).toEqual([
      ['api-gateway', 1, 3000],
      ['api-gateway', 2, 3000 + INSTANCE_PORT_STEP],
      ['payments', 1, 3002],
      ['payments', 2, 3102],
      ['payments', 3, 3202],
    ]);
    expect(launches[0].env?.ADMIN_PORT).toBe('3010');
    expect(launches[1].env?.ADMIN_PORT).toBe('3110');
    // Same database and consumer group: one service, more hands.
    expect(launches[4].env).toEqual(envs.get('payments'));
  });

  it('refuses a count that is not a whole number from 1', async () => {
    await expect(
      instanceLaunches(['payments'], ports, envs, { ports: 'default', instances: { payments: 0 } }),
    ).rejects.toThrow(/whole number/);
  });
});
