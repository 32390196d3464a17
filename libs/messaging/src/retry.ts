import { setTimeout as sleep } from 'node:timers/promises';

export interface RetryPolicy {
  attempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

/** Exponential backoff with full jitter: retries of many consumers do not hit a dependency in step. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling * random());
}

export async function retrying<T>(policy: RetryPolicy, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= policy.attempts) throw error;
      await sleep(backoffDelay(policy, attempt));
    }
  }
}
