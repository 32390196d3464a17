import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ErrorCode, toErrorEnvelope } from '@opp/errors';
import { BrokerUnavailableError } from '@opp/messaging';
import { MerchantExceptionFilter } from '../../http/interface/merchant-exception.filter';
import { isJsonpCallback, JSONP_CONTENT_TYPE, renderJsonp } from './jsonp';

/**
 * Errors of a JSONP request (valid `callback`) reach the callback too: `cb({"error":{...}})`,
 * answered with HTTP 200, because a browser does not run a script that comes with an error status
 * and the page would never learn what went wrong. The envelope's code still carries the status in
 * its first three digits; headers set before the error (Retry-After) stay. Without a valid
 * callback the gateway's usual JSON error answer applies.
 */
@Catch()
export class JsonpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(JsonpExceptionFilter.name);
  private readonly json = new MerchantExceptionFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const callback = (request.query as Record<string, unknown> | undefined)?.['callback'];
    if (typeof callback !== 'string' || !isJsonpCallback(callback)) {
      this.json.catch(exception, host);
      return;
    }
    const error = this.toApiError(exception);
    void host
      .switchToHttp()
      .getResponse<FastifyReply>()
      .status(200)
      .header('X-Content-Type-Options', 'nosniff')
      .type(JSONP_CONTENT_TYPE)
      .send(renderJsonp(callback, toErrorEnvelope(error)));
  }

  private toApiError(exception: unknown): ApiError {
    if (exception instanceof ApiError) return exception;
    if (exception instanceof BrokerUnavailableError) {
      this.logger.warn({ msg: 'broker unavailable', reason: exception.message });
    } else {
      this.logger.error({ msg: 'unexpected error', err: exception });
    }
    return ApiError.of(ErrorCode.ServiceUnavailable);
  }
}
