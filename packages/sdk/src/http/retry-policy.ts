/**
 * How often a call is tried when no answer arrives or the service is unavailable. Only calls that are
 * safe to repeat are retried, and always with the identical bytes: a repeated signed POST replays the
 * first answer on the gateway and never charges twice.
 */
export interface RetryPolicy {
  /** Tries in all, the first included; 1 turns retries off. */
  attempts: number;
  /** Delay before the first retry; doubled for each further one, with jitter. */
  baseDelayMs: number;
  /** No single wait is longer, whatever Retry-After says. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4000,
};

/**
 * A partner's default: the Processing API's apology (404, "repeat in a few seconds") lasts while a
 * service restarts, so six tries wait about 3 to 6 s in all (0.25, 0.5, 1, 2, 2 s, halved at
 * worst by the jitter), where the merchant default gives up after well under a second.
 */
export const PARTNER_RETRY_POLICY: RetryPolicy = {
  attempts: 6,
  baseDelayMs: 250,
  maxDelayMs: 2000,
};

/** The wait before try number `nextAttempt` (2 for the first retry), with jitter in [50 %, 100 %]. */
export function retryDelayMs(
  policy: RetryPolicy,
  nextAttempt: number,
  retryAfterSeconds?: number,
  random: () => number = Math.random,
): number {
  const backoff = policy.baseDelayMs * 2 ** (nextAttempt - 2);
  const jittered = backoff / 2 + (backoff / 2) * random();
  const wanted = Math.max(jittered, (retryAfterSeconds ?? 0) * 1000);
  return Math.min(policy.maxDelayMs, wanted);
}

export function validateRetryPolicy(policy: RetryPolicy): RetryPolicy {
  const { attempts, baseDelayMs, maxDelayMs } = policy;
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 10) {
    throw new RangeError('retry.attempts must be an integer from 1 to 10');
  }
  if (!(baseDelayMs >= 0) || !(maxDelayMs >= baseDelayMs)) {
    throw new RangeError('retry delays must be non-negative with maxDelayMs >= baseDelayMs');
  }
  return policy;
}
