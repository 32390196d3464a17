import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { isPollingRequest } from './http-logger-options';

/**
 * One line per answered request (probes and scrapes aside), written by the service's root logger
 * once the answer is sent: `request completed` at info (warn for 4xx), `request errored` at error
 * for 5xx. No per-request child logger (pino-http's cost a redaction pass over its bindings on
 * every request, even below the level), and nothing is built when the level is off.
 * `logger` is read per request: nestjs-pino sets its root logger while the app initialises.
 */
export function installAccessLog(instance: FastifyInstance, logger: () => Logger | undefined) {
  instance.addHook('onResponse', (request, reply, done) => {
    const log = logger();
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (log?.isLevelEnabled(level) && !isPollingRequest(request.raw)) {
      const line = {
        req: request.raw,
        res: reply.raw,
        responseTime: Math.round(reply.elapsedTime),
      };
      if (status >= 500) {
        log.error(
          { ...line, err: new Error(`failed with status code ${status}`) },
          'request errored',
        );
      } else {
        log[level](line, 'request completed');
      }
    }
    done();
  });
}
