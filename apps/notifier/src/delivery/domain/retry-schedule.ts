/**
 * ADR 0010: a failed delivery is retried after each delay of the schedule in turn (exponential,
 * with jitter), and dead-lettered when the schedule runs out. The default covers about three days.
 */
export const DEFAULT_RETRY_SCHEDULE = '30s,1m,2m,4m,8m,16m,32m,1h,2h,4h,8h,8h,8h,8h,8h,8h,8h,8h';

/** Each delay is drawn from [base * (1 - ratio), base * (1 + ratio)]. */
export const DEFAULT_JITTER_RATIO = 0.2;

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/;
export const RETRY_SCHEDULE_PATTERN =
  /^\s*\d+(?:\.\d+)?(?:ms|s|m|h|d)\s*(?:,\s*\d+(?:\.\d+)?(?:ms|s|m|h|d)\s*)*$/;

/** `500ms`, `30s`, `5m`, `1h`, `2d` -> milliseconds. */
export function parseDuration(text: string): number {
  const match = DURATION.exec(text.trim());
  if (!match) throw new Error(`Not a duration: "${text}" (use e.g. 500ms, 30s, 5m, 1h, 1d)`);
  return Math.round(Number(match[1]) * UNIT_MS[match[2]]);
}

/** `1s,2s,4s` -> [1000, 2000, 4000]. An empty schedule means a single attempt. */
export function parseRetrySchedule(text: string): number[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  return trimmed.split(',').map((part) => parseDuration(part));
}

/** Total time the schedule waits, without jitter: how long a delivery keeps being retried. */
export const scheduleSpanMs = (schedule: readonly number[]): number =>
  schedule.reduce((sum, delay) => sum + delay, 0);

export function withJitter(
  baseMs: number,
  ratio = DEFAULT_JITTER_RATIO,
  random: () => number = Math.random,
): number {
  const factor = 1 - ratio + 2 * ratio * random();
  return Math.max(0, Math.round(baseMs * factor));
}

/**
 * The delay before the next attempt after `failedAttempts` failures in the current cycle (1-based),
 * or null when the schedule is exhausted and the delivery is dead.
 */
export function nextRetryDelay(
  schedule: readonly number[],
  failedAttempts: number,
  random: () => number = Math.random,
): number | null {
  if (failedAttempts < 1 || failedAttempts > schedule.length) return null;
  return withJitter(schedule[failedAttempts - 1], DEFAULT_JITTER_RATIO, random);
}
