import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ErrorCode, toErrorEnvelope } from '@opp/errors';
import { BrokerUnavailableError } from '@opp/messaging';
import { ProcessingError } from '../processing/interface/processing-error';
import { PROCESSING_UNAVAILABLE_TEXT } from '../processing/interface/processing-unavailable';
import { ReplayedAnswer } from '../replay-guard/replayed-answer';

/**
 * Every error leaves the gateway in a documented shape: the /v1 and admin envelope
 * `{"error":{"code","message"}}` with the code's HTTP status, or on /processing the spec's plain
 * 404 apology when the request cannot be accepted now. An unexpected failure is logged and answered
 * 503 (retry later), never a bare 500 with internals.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(ApiExceptionFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof ReplayedAnswer) {
      // The stored text as it is: a string with a JSON type passes Fastify's serializer untouched.
      const { status, body } = exception.answer;
      void reply.status(status).type('application/json; charset=utf-8').send(body);
      return;
    }
    if (exception instanceof ProcessingError && exception.code !== 'UNAVAILABLE') {
      void reply
        .status(exception.status)
        .send({ error: { code: exception.code, message: exception.message } });
      return;
    }
    const error = this.toApiError(exception);
    if (
      request.url.startsWith('/processing') &&
      (exception instanceof ProcessingError || error.code === ErrorCode.ServiceUnavailable)
    ) {
      void reply.status(404).type('text/plain; charset=utf-8').send(PROCESSING_UNAVAILABLE_TEXT);
      return;
    }
    void reply.status(error.status).send(toErrorEnvelope(error));
  }

  private toApiError(exception: unknown): ApiError {
    if (exception instanceof ApiError) return exception;
    if (exception instanceof ProcessingError) return ApiError.of(ErrorCode.ServiceUnavailable);
    if (exception instanceof BrokerUnavailableError) {
      this.logger.warn({ msg: 'broker unavailable', reason: exception.message });
      return ApiError.of(ErrorCode.ServiceUnavailable);
    }
    if (exception instanceof HttpException) return fromHttpException(exception);
    this.logger.error({ msg: 'unexpected error', err: exception });
    return ApiError.of(ErrorCode.ServiceUnavailable);
  }
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
