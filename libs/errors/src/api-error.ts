import { errorCatalogue } from './error-catalogue';
import { ErrorCode } from './error-code';

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string };
}

/** An error the API answers with a catalogue code; anything else is an unexpected failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.status = errorCatalogue[code].status;
  }

  /**
   * The catalogue message, optionally followed by a detail such as the parameter at fault
   * (e.g. "Payout parameter missing: iban"), so clients keep matching the stable wording.
   */
  static of(code: ErrorCode, detailMessage?: string): ApiError {
    const base = errorCatalogue[code].message;
    return new ApiError(code, detailMessage ? `${base}: ${detailMessage}` : base);
  }
}

export function toErrorEnvelope(err: ApiError): ErrorEnvelope {
  return { error: { code: err.code, message: err.message } };
}
