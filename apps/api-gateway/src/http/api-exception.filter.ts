import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
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
    sendErrorEnvelope(reply, toApiError(exception, this.logger));
  }
}
