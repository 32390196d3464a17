import {
  Catch,
  HttpException,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isProcessingUrl } from '../../processing/interface/processing-bad-input';
import { sendErrorEnvelope, toApiError } from './error-envelope';

/**
 * The catalogue envelope `{"error":{"code","message"}}` for every error no interface has taken:
 * bound globally, it answers what fails before a controller is chosen (an unknown route, a body
 * that cannot be read). Each interface binds its own filter to its controllers (`@UseFilters`);
 * those for the envelope extend this one.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  protected readonly logger = new Logger(this.constructor.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest | undefined>();
    const refusal = isProcessingUrl(request?.url ?? '') ? processingRefusalOf(exception) : null;
    if (refusal !== null) {
      void reply.status(400).send({ error: { code: 'INVALID_REQUEST', message: refusal } });
      return;
    }
    sendErrorEnvelope(reply, toApiError(exception, this.logger));
  }
}

/**
 * A processing request's body refused before its controller (too large, not JSON) answers in the
 * processing error shape, 400 INVALID_REQUEST (ADR 0016); null for anything else.
 */
function processingRefusalOf(exception: unknown): string | null {
  const status =
    exception instanceof HttpException
      ? exception.getStatus()
      : (exception as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413) return 'The body is larger than the gateway accepts';
  if (status === 400 || status === 415) return 'The body must be a JSON Request object';
  return null;
}
