import {
  DEFAULT_RETRY_SCHEDULE,
  nextRetryDelay,
  parseDuration,
  parseRetrySchedule,
  RETRY_SCHEDULE_PATTERN,
  scheduleSpanMs,
  withJitter,
} from './retry-schedule';

const HOUR = 3_600_000;

describe('retry schedule', () => {
  it('parses durations in every unit', () => {
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('1s')).toBe(1000);
    expect(parseDuration('1.5s')).toBe(1500);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('2h')).toBe(2 * HOUR);
    expect(parseDuration('1d')).toBe(24 * HOUR);
  });

  it('refuses what is not a duration', () => {
    for (const bad of ['', '10', 's', '-1s', '1w', '1 s x']) {
      expect(() => parseDuration(bad)).toThrow(/Not a duration/);
    }
  });

  it('parses a comma list, with spaces', () => {
    expect(parseRetrySchedule('1s,2s,4s')).toEqual([1000, 2000, 4000]);
    expect(parseRetrySchedule(' 30s, 1m ,5m ')).toEqual([30_000, 60_000, 300_000]);
    expect(parseRetrySchedule('')).toEqual([]);
    expect(() => parseRetrySchedule('1s,,2s')).toThrow();
  });

  it('has a pattern for config validation that agrees with the parser', () => {
    expect(RETRY_SCHEDULE_PATTERN.test('1s,2s,4s')).toBe(true);
    expect(RETRY_SCHEDULE_PATTERN.test(' 30s, 1m ,5m ')).toBe(true);
    expect(RETRY_SCHEDULE_PATTERN.test(DEFAULT_RETRY_SCHEDULE)).toBe(true);
    expect(RETRY_SCHEDULE_PATTERN.test('1s,,2s')).toBe(false);
    expect(RETRY_SCHEDULE_PATTERN.test('1x')).toBe(false);
  });

  it('by default grows exponentially and retries for about three days', () => {
    const schedule = parseRetrySchedule(DEFAULT_RETRY_SCHEDULE);
    expect(schedule[0]).toBe(30_000);
    for (let i = 1; i < schedule.length; i++) {
      expect(schedule[i]).toBeGreaterThanOrEqual(schedule[i - 1]);
    }
    expect(schedule[1]).toBe(2 * schedule[0]);
    const span = scheduleSpanMs(schedule);
    expect(span).toBeGreaterThanOrEqual(72 * HOUR);
    expect(span).toBeLessThan(73 * HOUR);
  });
});

describe('backoff with jitter', () => {
  it('stays within +-20% of the base delay', () => {
    expect(withJitter(10_000, 0.2, () => 0)).toBe(8000);
    expect(withJitter(10_000, 0.2, () => 0.5)).toBe(10_000);
    expect(withJitter(10_000, 0.2, () => 0.999999)).toBe(12_000);
    for (let i = 0; i < 1000; i++) {
      const delay = withJitter(60_000);
      expect(delay).toBeGreaterThanOrEqual(48_000);
      expect(delay).toBeLessThanOrEqual(72_000);
    }
  });

  it('spreads retries that were due together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => withJitter(60_000)));
    expect(delays.size).toBeGreaterThan(10);
  });

  it('takes the n-th delay after the n-th failure and ends after the last', () => {
    const schedule = [1000, 2000, 4000];
    const mid = () => 0.5;
    expect(nextRetryDelay(schedule, 1, mid)).toBe(1000);
    expect(nextRetryDelay(schedule, 2, mid)).toBe(2000);
    expect(nextRetryDelay(schedule, 3, mid)).toBe(4000);
    expect(nextRetryDelay(schedule, 4, mid)).toBeNull();
    expect(nextRetryDelay([], 1, mid)).toBeNull();
  });
});
