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
