import { maskCardNumbers } from '@opp/card-bins';
import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ErrorCode } from '@opp/errors';
import { sendErrorEnvelope, toApiError } from '../../http/interface/error-envelope';
import { PartnerAuthRefusal } from '../../partner-auth/interface/partner-auth-refusal';
import { ProcessingError } from '../application/processing-error';
import { PROCESSING_UNAVAILABLE_TEXT } from './processing-unavailable';

/**
 * Errors of the Task-Tree Processing API (ADR 0004, ADR 0005): its own error object with the
 * spec's statuses, and the plain 404 apology when the request cannot be accepted now. What is not
 * the API's own (an invalid parameter found by the framework) keeps the catalogue envelope.
 */
@Catch()
export class ProcessingExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(ProcessingExceptionFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const error = exception instanceof PartnerAuthRefusal ? refusalError(exception) : exception;
    if (error instanceof ProcessingError && error.code !== 'UNAVAILABLE') {
      // No answer echoes card data (ADR 0064), whatever a message quotes of the request.
      const message = maskCardNumbers(error.message);
      void reply.status(error.status).send({ error: { code: error.code, message } });
      return;
    }
    const apiError = error instanceof ProcessingError ? null : toApiError(error, this.logger);
    if (apiError === null || apiError.code === ErrorCode.ServiceUnavailable) {
      void reply.status(404).type('text/plain; charset=utf-8').send(PROCESSING_UNAVAILABLE_TEXT);
      return;
    }
    sendErrorEnvelope(reply, apiError);
  }
}

function refusalError(refusal: PartnerAuthRefusal): ProcessingError {
  return refusal.reason === 'unreadable-body'
    ? ProcessingError.invalid('INVALID_REQUEST', 'The body must be a JSON Request object')
    : ProcessingError.unauthorized();
}
