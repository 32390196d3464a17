import { TokenBucketLimiter } from './token-bucket-limiter';

describe('TokenBucketLimiter', () => {
  it('allows the capacity at once, then refuses with the seconds until the next token', () => {
    const limiter = new TokenBucketLimiter(3, 60_000);
    const t = 1_000_000;
    expect([1, 2, 3].map(() => limiter.take('k', t).allowed)).toEqual([true, true, true]);
    expect(limiter.take('k', t)).toEqual({ allowed: false, retryAfterSeconds: 20 });
    expect(limiter.take('k', t + 19_000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take('k', t + 20_000).allowed).toBe(true);
  });

  it('refills at capacity per window and never above capacity', () => {
    const limiter = new TokenBucketLimiter(30, 60_000);
    for (let i = 0; i < 30; i++) limiter.take('ip', 0);
    expect(limiter.take('ip', 0).allowed).toBe(false);
    // 10 seconds refill 5 tokens.
    const allowed = Array.from({ length: 6 }, () => limiter.take('ip', 10_000).allowed);
    expect(allowed).toEqual([true, true, true, true, true, false]);
    // A long pause refills to capacity only.
    const burst = Array.from({ length: 31 }, () => limiter.take('ip', 10_000_000).allowed);
    expect(burst.filter(Boolean)).toHaveLength(30);
  });

  it('keeps keys apart', () => {
    const limiter = new TokenBucketLimiter(1, 1000);
    expect(limiter.take('a', 0).allowed).toBe(true);
    expect(limiter.take('a', 0).allowed).toBe(false);
    expect(limiter.take('b', 0).allowed).toBe(true);
  });

  it('peeks without taking', () => {
    const limiter = new TokenBucketLimiter(1, 1000);
    expect(limiter.peek('a', 0).allowed).toBe(true);
    expect(limiter.peek('a', 0).allowed).toBe(true);
    limiter.take('a', 0);
    expect(limiter.peek('a', 0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('stays bounded, dropping the least recently used key', () => {
    const limiter = new TokenBucketLimiter(1, 60_000, 2);
    limiter.take('a', 0);
    limiter.take('b', 0);
    limiter.take('a', 1);
    limiter.take('c', 2);
    expect(limiter.size).toBe(2);
    // a (recently used) is still empty; b was dropped and starts full again.
    expect(limiter.take('a', 3).allowed).toBe(false);
    expect(limiter.take('b', 3).allowed).toBe(true);
  });

  it('refuses a useless configuration', () => {
    expect(() => new TokenBucketLimiter(0, 1000)).toThrow();
  });
});
