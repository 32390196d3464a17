/**
 * The answer to a request. Business refusals are values, not exceptions: the gateway maps
 * `error.code` (a code of the public error catalogue) straight to its HTTP answer.
 */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: ReplyError };

export interface ReplyError {
  code: number;
  message: string;
}

export const replyOk = <T>(value: T): Reply<T> => ({ ok: true, value });
export const replyError = <T = never>(code: number, message: string): Reply<T> => ({
  ok: false,
  error: { code, message },
});

/**
 * A business refusal with a code of the public error catalogue (@opp/errors). Use cases throw it
 * before they write anything, so `answer` turns it into an error reply; one type for every service
 * that answers requests.
 */
export class Refusal extends Error {
  override readonly name = 'Refusal';

  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs a use case and answers its result or its refusal. A refusal is an answer, not a failure:
 * the inbox transaction commits (use cases refuse before writing, except what must stay, such as
 * an expired token's erased security code). Any other error rolls back and is retried or reported.
 */
export async function answer<T>(work: () => Promise<T> | T): Promise<Reply<T>> {
  try {
    return replyOk(await work());
  } catch (error) {
    if (error instanceof Refusal) return replyError(error.code, error.message);
    throw error;
  }
}
