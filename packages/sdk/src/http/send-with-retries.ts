import { OppNetworkError } from '../errors';
import { readAnswer, retryAfterSeconds, type HttpAnswer } from './http-answer';
import { retryDelayMs, type RetryPolicy } from './retry-policy';

export interface HttpCall {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** Sent byte for byte on every attempt. */
  body?: string;
}

export interface SendOptions {
  timeoutMs: number;
  retry: RetryPolicy;
  /** Whether an answer means "not executed, try again" (such as 503). */
  retryable: (answer: HttpAnswer) => boolean;
}

/**
 * Sends the call with Node's fetch; repeats it unchanged, after a growing wait, while no answer
 * arrives or the answer is retryable, up to `retry.attempts` tries. The last answer is returned as
 * it is; when the last try got no answer, OppNetworkError.
 */
export async function sendWithRetries(call: HttpCall, options: SendOptions): Promise<HttpAnswer> {
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= options.retry.attempts;
    let answer: HttpAnswer;
    try {
      answer = await sendOnce(call, options.timeoutMs);
    } catch (error) {
      if (last) {
        throw new OppNetworkError(
          `${call.method} ${new URL(call.url).pathname}: no answer after ${attempt} attempt(s)`,
          { cause: error },
        );
      }
      await sleep(retryDelayMs(options.retry, attempt + 1));
      continue;
    }
    if (last || !options.retryable(answer)) return answer;
    await sleep(retryDelayMs(options.retry, attempt + 1, retryAfterSeconds(answer)));
  }
}

async function sendOnce(call: HttpCall, timeoutMs: number): Promise<HttpAnswer> {
  const response = await fetch(call.url, {
    method: call.method,
    headers: call.headers,
    body: call.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  return readAnswer(response);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
