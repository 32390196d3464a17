/** A fetch function: Node's own by default, or one of yours (a proxy agent, a test double). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Options of one call, the last argument of every client method. Headers travel beside the
 * signed parameters (a signature covers parameters, never headers), such as a `traceparent`.
 */
export interface RequestOptions {
  /** Extra headers of this call, e.g. `{ traceparent: '00-…' }`. */
  headers?: Record<string, string>;
  /** Aborts the call, its retries and the waits between them. */
  signal?: AbortSignal;
  /** Per attempt, instead of the client's. */
  timeoutMs?: number;
  /** Instead of the client's fetch. */
  fetch?: FetchLike;
}
