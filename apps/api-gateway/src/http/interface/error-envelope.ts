import { maskCardNumbers } from '@opp/card-bins';
import { HttpException, HttpStatus, type Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiError, ErrorCode, toErrorEnvelope } from '@opp/errors';
import { BrokerUnavailableError } from '@opp/messaging';

/**
 * The catalogue error an exception answers as. An unexpected failure is logged and becomes 503
 * (retry later), never a bare 500 with internals (ADR 0016).
 */
export function toApiError(exception: unknown, logger: Logger): ApiError {
  if (exception instanceof ApiError) return exception;
  if (exception instanceof BrokerUnavailableError) {
    logger.warn({ msg: 'broker unavailable', reason: exception.message });
    return ApiError.of(ErrorCode.ServiceUnavailable);
  }
  if (exception instanceof HttpException) return fromHttpException(exception);
  logger.error({ msg: 'unexpected error', err: exception });
  return ApiError.of(ErrorCode.ServiceUnavailable);
}

/** Sends `{"error":{"code","message"}}` with the code's HTTP status. */
export function sendErrorEnvelope(reply: FastifyReply, error: ApiError): void {
  const envelope = toErrorEnvelope(error);
  // No answer echoes card data (ADR 0064), whatever a message quotes of what was sent.
  envelope.error.message = maskCardNumbers(envelope.error.message);
  void reply.status(error.status).send(envelope);
}

/** ADR 0016: refusals of oversized requests keep their own status and code. */
const SIZE_REFUSALS: Record<number, ErrorCode> = {
  413: ErrorCode.PayloadTooLarge,
  414: ErrorCode.UriTooLong,
  431: ErrorCode.HeadersTooLarge,
};

function fromHttpException(exception: HttpException): ApiError {
  const status = exception.getStatus();
  const body = exception.getResponse();
  if (SIZE_REFUSALS[status] !== undefined) return ApiError.of(SIZE_REFUSALS[status]);
  // Nest's "Cannot GET <url>" would repeat the query, card data included (ADR 0016).
  if (status === Number(HttpStatus.NOT_FOUND)) return ApiError.of(ErrorCode.ResourceNotFound);
  if (status === Number(HttpStatus.TOO_MANY_REQUESTS))
    return ApiError.of(ErrorCode.TooManyRequests);
  if (status === Number(HttpStatus.UNAUTHORIZED)) return ApiError.of(ErrorCode.AuthTokenMissing);
  // Nest turns Fastify's own errors (unsupported media type, ...) into an HttpException with
  // Fastify's text, which may repeat a header: those get the catalogue's words only (ADR 0016).
  const detail =
    typeof body === 'string'
      ? 'the request could not be read'
      : typeof body === 'object' && body !== null && 'message' in body
        ? [body.message].flat().join('; ')
        : exception.message;
  return status >= 400 && status < 500
    ? ApiError.of(ErrorCode.InvalidParameter, detail)
    : ApiError.of(ErrorCode.ServiceUnavailable);
}
