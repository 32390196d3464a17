import { CardTokenRateLimit } from './card-token-rate-limit';

// The limits are the project's settings (ADR 0015), given with each request.
const config = { windowSeconds: 60 };
const limits = (perIp: number, perProject: number) => ({ perIp, perProject });

describe('CardTokenRateLimit', () => {
  it('limits one IP of a project and not the others', () => {
    const limit = new CardTokenRateLimit(config);
    const given = limits(2, 100);
    expect(limit.take(1, '10.0.0.1', given, 0).allowed).toBe(true);
    expect(limit.take(1, '10.0.0.1', given, 0).allowed).toBe(true);
    expect(limit.take(1, '10.0.0.1', given, 0)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limit.take(1, '10.0.0.2', given, 0).allowed).toBe(true);
    expect(limit.take(2, '10.0.0.1', given, 0).allowed).toBe(true);
  });

  it('limits a project across IPs', () => {
    const limit = new CardTokenRateLimit(config);
    const given = limits(10, 3);
    const answers = ['a', 'b', 'c', 'd'].map((ip) => limit.take(1, ip, given, 0).allowed);
    expect(answers).toEqual([true, true, true, false]);
    expect(limit.take(2, 'a', given, 0).allowed).toBe(true);
  });

  it('does not spend the project allowance on requests refused per IP', () => {
    const limit = new CardTokenRateLimit(config);
    const given = limits(1, 2);
    expect(limit.take(1, 'a', given, 0).allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect(limit.take(1, 'a', given, 0).allowed).toBe(false);
    expect(limit.take(1, 'b', given, 0).allowed).toBe(true);
  });

  it('sizes each project by its own limits, and applies a lowered limit at once', () => {
    const limit = new CardTokenRateLimit(config);
    const small = limits(1, 100);
    const large = limits(3, 100);
    expect([1, 2, 3].map(() => limit.take(1, 'a', large, 0).allowed)).toEqual([true, true, true]);
    expect(limit.take(2, 'a', small, 0).allowed).toBe(true);
    expect(limit.take(2, 'a', small, 0).allowed).toBe(false);
    // Project 1's setting goes down from 3 to 1: IP b had 2 tokens left, it now has 1.
    expect(limit.take(1, 'b', large, 0).allowed).toBe(true);
    expect(limit.take(1, 'b', small, 0).allowed).toBe(true);
    expect(limit.take(1, 'b', small, 0).allowed).toBe(false);
  });

  it('applies a raised limit at once: the difference is available immediately', () => {
    const limit = new CardTokenRateLimit(config);
    expect(limit.take(1, 'a', limits(1, 100), 0).allowed).toBe(true);
    expect(limit.take(1, 'a', limits(1, 100), 0).allowed).toBe(false);
    expect(limit.take(1, 'a', limits(3, 100), 0).allowed).toBe(true);
    expect(limit.take(1, 'a', limits(3, 100), 0).allowed).toBe(true);
    expect(limit.take(1, 'a', limits(3, 100), 0).allowed).toBe(false);
  });
});
