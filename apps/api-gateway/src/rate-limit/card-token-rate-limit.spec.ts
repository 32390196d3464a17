import { CardTokenRateLimit } from './card-token-rate-limit';
import type { CardTokenRateLimitConfig } from './card-token-rate-limit.config';

const config = (perIp: number, perProject: number): CardTokenRateLimitConfig => ({
  perIp,
  perProject,
  windowSeconds: 60,
});

describe('CardTokenRateLimit', () => {
  it('limits one IP of a project and not the others', () => {
    const limit = new CardTokenRateLimit(config(2, 100));
    expect(limit.take(1, '10.0.0.1', 0).allowed).toBe(true);
    expect(limit.take(1, '10.0.0.1', 0).allowed).toBe(true);
    expect(limit.take(1, '10.0.0.1', 0)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limit.take(1, '10.0.0.2', 0).allowed).toBe(true);
    expect(limit.take(2, '10.0.0.1', 0).allowed).toBe(true);
  });

  it('limits a project across IPs', () => {
    const limit = new CardTokenRateLimit(config(10, 3));
    const answers = ['a', 'b', 'c', 'd'].map((ip) => limit.take(1, ip, 0).allowed);
    expect(answers).toEqual([true, true, true, false]);
    expect(limit.take(2, 'a', 0).allowed).toBe(true);
  });

  it('does not spend the project allowance on requests refused per IP', () => {
    const limit = new CardTokenRateLimit(config(1, 2));
    expect(limit.take(1, 'a', 0).allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect(limit.take(1, 'a', 0).allowed).toBe(false);
    expect(limit.take(1, 'b', 0).allowed).toBe(true);
  });
});
