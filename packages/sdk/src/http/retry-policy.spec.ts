import { retryDelayMs, validateRetryPolicy } from './retry-policy';

describe('retryDelayMs', () => {
  const policy = { attempts: 5, baseDelayMs: 100, maxDelayMs: 1000 };

  it('doubles for each retry, jittered between half and all of the backoff', () => {
    expect(retryDelayMs(policy, 2, undefined, () => 0)).toBe(50);
    expect(retryDelayMs(policy, 2, undefined, () => 1)).toBe(100);
    expect(retryDelayMs(policy, 3, undefined, () => 1)).toBe(200);
    expect(retryDelayMs(policy, 4, undefined, () => 1)).toBe(400);
  });

  it('never waits longer than maxDelayMs, even when Retry-After asks for more', () => {
    expect(retryDelayMs(policy, 9, undefined, () => 1)).toBe(1000);
    expect(retryDelayMs(policy, 2, 30, () => 1)).toBe(1000);
  });

  it('waits at least Retry-After when that is within the bound', () => {
    expect(retryDelayMs({ ...policy, maxDelayMs: 5000 }, 2, 2, () => 0)).toBe(2000);
  });
});

describe('validateRetryPolicy', () => {
  it.each([
    { attempts: 0, baseDelayMs: 1, maxDelayMs: 1 },
    { attempts: 1.5, baseDelayMs: 1, maxDelayMs: 1 },
    { attempts: 11, baseDelayMs: 1, maxDelayMs: 1 },
    { attempts: 2, baseDelayMs: -1, maxDelayMs: 1 },
    { attempts: 2, baseDelayMs: 10, maxDelayMs: 1 },
  ])('refuses %p', (policy) => {
    expect(() => validateRetryPolicy(policy)).toThrow(RangeError);
  });
});
