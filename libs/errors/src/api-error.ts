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
   * (e.g. "Payout parameter missing: iban"), so clients keep matching the stable wording. A detail
   * that already starts with the catalogue message (a service's refusal passed on) is not prefixed
   * twice (issue 37 L9).
   */
  static of(code: ErrorCode, detailMessage?: string): ApiError {
    const base = errorCatalogue[code].message;
    const detail = withoutPrefix(detailMessage?.trim() ?? '', base);
    return new ApiError(code, detail ? `${base}: ${detail}` : base);
  }
}

/** `detail` without a leading copy of `base` ("Insufficient balance: ..." -> "..."), any case. */
function withoutPrefix(detail: string, base: string): string {
  const lower = detail.toLowerCase();
  const prefix = base.toLowerCase();
  if (lower === prefix) return '';
  if (lower.startsWith(`${prefix}:`))
    return withoutPrefix(detail.slice(prefix.length + 1).trim(), base);
  return detail;
}

export function toErrorEnvelope(err: ApiError): ErrorEnvelope {
  return { error: { code: err.code, message: err.message } };
}
