import type { HealthCheck } from './health-check';
import { runReadiness } from './readiness';

const up = (name: string): HealthCheck => ({ name, check: async () => undefined });
const down = (name: string, message: string): HealthCheck => ({
  name,
  check: async () => {
    throw new Error(message);
  },
});
const hanging = (name: string): HealthCheck => ({
  name,
  check: () => new Promise<void>(() => undefined),
});

describe('runReadiness', () => {
  it('is ok with no checks', async () => {
    await expect(runReadiness([])).resolves.toEqual({ status: 'ok', checks: {} });
  });

  it('is ok when every check passes', async () => {
    await expect(runReadiness([up('database'), up('kafka')])).resolves.toEqual({
      status: 'ok',
      checks: { database: 'up', kafka: 'up' },
    });
  });

  it('reports each failing check with its reason', async () => {
    await expect(
      runReadiness([up('database'), down('kafka', 'consumer not joined')]),
    ).resolves.toEqual({
      status: 'unavailable',
      checks: { database: 'up', kafka: 'down: consumer not joined' },
    });
  });

  it('turns a synchronous throw into down', async () => {
    const sync: HealthCheck = {
      name: 'sync',
      check: () => {
        throw new Error('boom');
      },
    };
    await expect(runReadiness([sync])).resolves.toEqual({
      status: 'unavailable',
      checks: { sync: 'down: boom' },
    });
  });

  it('times out a hung check and runs the checks concurrently', async () => {
    const started = Date.now();
    const report = await runReadiness([hanging('a'), hanging('b'), up('c')], 100);
    expect(Date.now() - started).toBeLessThan(190);
    expect(report).toEqual({
      status: 'unavailable',
      checks: { a: 'down: timed out after 100ms', b: 'down: timed out after 100ms', c: 'up' },
    });
  });

  it('bounds and scrubs reasons', async () => {
    const report = await runReadiness([
      down('long', 'x'.repeat(500)),
      down('pan', 'rejected 4111111111111111'),
      // Third-party clients do reject with non-Errors; the reason must still read sensibly.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      { name: 'odd', check: () => Promise.reject('plain string') },
    ]);
    expect(report.checks.long).toBe(`down: ${'x'.repeat(200)}`);
    expect(report.checks.pan).toBe('down: rejected 411111******1111');
    expect(report.checks.odd).toBe('down: plain string');
  });
});
