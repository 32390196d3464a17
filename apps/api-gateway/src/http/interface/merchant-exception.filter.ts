import { Catch, type ArgumentsHost } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiExceptionFilter } from './api-exception.filter';
import { ReplayedAnswer } from './replayed-answer';

/**
 * Errors of the merchant API (/v1): the catalogue envelope, and a replayed answer (ADR 0014) sent
 * as it was stored.
 */
@Catch()
export class MerchantExceptionFilter extends ApiExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    if (exception instanceof ReplayedAnswer) {
      // The stored text as it is: a string with a JSON type passes Fastify's serializer untouched.
      const { status, body } = exception.answer;
      void host
        .switchToHttp()
        .getResponse<FastifyReply>()
        .status(status)
        .type('application/json; charset=utf-8')
        .send(body);
      return;
    }
    super.catch(exception, host);
  }
}
