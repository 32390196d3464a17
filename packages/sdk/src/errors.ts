/** The root of every error the SDK throws, so one `instanceof` catches them all. */
export class OppError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * The Card Payment Gateway API refused the call with its error envelope
 * `{"error":{"code","message"}}`; `code` is one of ErrorCode (its first three digits are `status`).
 */
export class OppApiError extends OppError {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly apiMessage: string,
    /** Seconds to wait, from the Retry-After header of a 429 or 503. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status} ${code}: ${apiMessage}`);
  }
}

/**
 * The Task-Tree Processing API refused the call: 400 and 401 carry `{"error":{"code","message"}}`
 * with a text code (such as DUPLICATE_REQUEST_ID); 404 is an unknown GlobalId, or, with `unavailable`
 * set, the text apology of a service that cannot accept requests now (repeat in a few seconds).
 */
export class OppProcessingError extends OppError {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly apiMessage: string,
    readonly unavailable = false,
  ) {
    super(`${status}${code ? ` ${code}` : ''}: ${apiMessage}`);
  }
}

/** An answer that is neither success nor the documented error shape (a proxy's HTML page, say). */
export class OppHttpError extends OppError {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`unexpected HTTP ${status} answer`);
  }
}

/**
 * No answer arrived (connection refused or reset, timeout) after every allowed attempt. The call
 * may have been executed: repeat it with the same signed parameters (a replay answers the real
 * outcome and never charges twice), not with new ones.
 */
export class OppNetworkError extends OppError {}

/** A merchant callback or partner notification whose signature or timestamp does not hold. */
export class OppSignatureError extends OppError {}
