import { choosePorts } from './stack';

describe('choosePorts', () => {
  it('uses the default ports, explicit ports, or free ones', async () => {
    expect(await choosePorts(['api-gateway', 'notifier'], 'default')).toEqual({
      'api-gateway': 3000,
      notifier: 3004,
    });
    expect(await choosePorts(['payments'], { payments: 4002 })).toEqual({ payments: 4002 });
    const free = await choosePorts(['payments', 'payouts'], 'free');
    expect(free.payments).toBeGreaterThan(1024);
    expect(free.payouts).toBeGreaterThan(1024);
  });
});
