import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER, resolveRequestId } from '../correlation/request-id';

/**
 * Makes Fastify's own request id the correlation id and echoes it in `x-request-id`.
 * It has to be Fastify's: @fastify/middie copies `request.id` onto the raw request before Nest
 * middleware runs, and pino-http keeps an existing `req.id` instead of calling its genReqId.
 * Must run before the server starts (Nest calls module `configure()` during init, in time).
 */
export function installFastifyRequestId(instance: unknown): boolean {
  if (!isFastify(instance)) return false;
  instance.setGenReqId((req) => resolveRequestId(req));
  // onSend runs for every reply, errors and 404s included.
  instance.addHook('onSend', (request, reply, payload, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
  return true;
}

export function isFastify(instance: unknown): instance is FastifyInstance {
  return (
    typeof instance === 'object' &&
    instance !== null &&
    typeof (instance as Partial<FastifyInstance>).setGenReqId === 'function' &&
    typeof (instance as Partial<FastifyInstance>).addHook === 'function'
  );
}
