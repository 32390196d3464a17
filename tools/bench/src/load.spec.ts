import { percentile, runLoad } from './load';

describe('percentile', () => {
  it('reads the value below which the share p of samples lies', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(51);
    expect(percentile(sorted, 0.99)).toBe(100);
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe('runLoad', () => {
  it('counts completed and failed operations from every worker', async () => {
    const result = await runLoad(
      'toy',
      async (_worker, i) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (i % 10 === 0) throw new Error('every tenth fails');
      },
      { concurrency: 4, seconds: 0.2, warmupSeconds: 0 },
    );
    expect(result.completed).toBeGreaterThan(0);
    expect(result.failed).toBeGreaterThan(0);
    expect(result.perSecond).toBeCloseTo(result.completed / result.seconds, 5);
  });
});
