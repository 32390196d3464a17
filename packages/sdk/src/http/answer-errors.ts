import { OppApiError, OppHttpError } from '../errors';
import { isJsonAnswer, retryAfterSeconds, type HttpAnswer } from './http-answer';

/** A 2xx JSON answer's body; the /v1 error envelope as OppApiError; anything else as OppHttpError. */
export function gatewayResult<T>(answer: HttpAnswer): T {
  if (answer.status >= 200 && answer.status < 300 && isJsonAnswer(answer)) return answer.body as T;
  const error = envelopeOf(answer.body);
  if (error && answer.status >= 400) {
    return throwError(
      new OppApiError(answer.status, error.code, error.message, retryAfterSeconds(answer)),
    );
  }
  return throwError(new OppHttpError(answer.status, answer.text));
}

/** `{"error":{"code","message"}}`, the envelope of both APIs (numeric codes on /v1, text on /processing). */
export function envelopeOf(body: unknown): { code: number; message: string } | undefined;
export function envelopeOf(
  body: unknown,
  codeType: 'string',
): { code: string; message: string } | undefined;
export function envelopeOf(
  body: unknown,
  codeType: 'number' | 'string' = 'number',
): { code: number | string; message: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== codeType || typeof message !== 'string') return undefined;
  return { code: code as number | string, message };
}

function throwError(error: Error): never {
  throw error;
}
