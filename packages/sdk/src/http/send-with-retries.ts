import { OppNetworkError } from '../errors';
import { readAnswer, retryAfterSeconds, type HttpAnswer } from './http-answer';
import type { FetchLike } from './request-options';
import { retryDelayMs, type RetryPolicy } from './retry-policy';

export interface HttpCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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
  /** Default: Node's global fetch. */
  fetch?: FetchLike;
  /** Stops the call: the attempt under way, further attempts and the waits between them. */
  signal?: AbortSignal;
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
    options.signal?.throwIfAborted();
    try {
      answer = await sendOnce(call, options);
    } catch (error) {
      // An abort of the caller's is theirs to see, not a network failure to retry.
      options.signal?.throwIfAborted();
      if (last) {
        throw new OppNetworkError(
          `${call.method} ${new URL(call.url).pathname}: no answer after ${attempt} attempt(s)`,
          { cause: error },
        );
      }
      await sleep(retryDelayMs(options.retry, attempt + 1), options.signal);
      continue;
    }
    if (last || !options.retryable(answer)) return answer;
    await sleep(
      retryDelayMs(options.retry, attempt + 1, retryAfterSeconds(answer)),
      options.signal,
    );
  }
}

async function sendOnce(call: HttpCall, options: SendOptions): Promise<HttpAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const response = await (options.fetch ?? fetch)(call.url, {
    method: call.method,
    headers: call.headers,
    body: call.body,
    redirect: 'manual',
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  });
  return readAnswer(response);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const aborted = () => {
      clearTimeout(timer);
      // The caller's own reason, as fetch rejects with it: an Error or whatever abort() was given.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
