import { hostname } from 'node:os';
import { stdTimeFunctions, symbols, type LevelWithSilent, type LoggerOptions } from 'pino';
import { currentContext } from '../correlation/unit-of-work-context';
import { traceIdOf } from '../tracing/trace-headers';
import {
  serializeError,
  serializeMessage,
  serializeRequest,
  serializeRequestLine,
  serializeResponse,
} from './log-serializers';
import { scrubJsonText, scrubLogLine, scrubRecord } from './scrub';
import { REDACTED, redactPaths } from './sensitive-keys';

export interface LoggerConfig {
  /** Service name, written on every line (`"service":"payments"`). */
  service: string;
  /** pino level; defaults to `info`. */
  level?: LevelWithSilent;
}

/**
 * The one pino configuration of every service: plain `createLogger` and the Nest HTTP logger
 * (nestjs-pino / pino-http) both use it, so request logs get the same redaction.
 */
export function buildPinoOptions(config: LoggerConfig): LoggerOptions {
  const level = config.level ?? 'info';
  const verbose = level === 'debug' || level === 'trace';
  return {
    level,
    base: { service: config.service, pid: process.pid, hostname: hostname() },
    timestamp: stdTimeFunctions.isoTime,
    redact: { paths: redactPaths(), censor: REDACTED },
    serializers: {
      err: serializeError,
      // Headers only when debugging: on the hot path a request costs one short line.
      req: verbose ? serializeRequest : serializeRequestLine,
      res: serializeResponse,
      // pino hands the final message through the `msg` serializer (see lib/tools.js asJson)
      msg: serializeMessage,
    },
    formatters: {
      // A label ("info") is what log search tools filter on; numbers need a lookup table.
      level: (label) => ({ level: label }),
      log: (object) => scrubRecord(object),
    },
    // Whatever a line holds after all of the above, however deep and under whatever key, no card
    // number leaves in it (ADR 0064).
    hooks: { streamWrite: scrubLogLine },
    // pino skips formatters for child bindings and keeps them as ready-made JSON text; scrub that
    // text once per child (logger.child({ ... })).
    onChild: (child) => {
      const holder = child as unknown as Record<symbol, unknown>;
      const bindings = holder[symbols.chindingsSym];
      if (typeof bindings === 'string') holder[symbols.chindingsSym] = scrubJsonText(bindings);
    },
    // Every line written inside a unit of work (HTTP request, Kafka handler, delivery attempt)
    // carries its correlation id and trace id, so logs and traces find each other; inside an HTTP
    // request also the request (id, method, scrubbed URL through the `req` serializer), which
    // costs nothing on requests that log no line, unlike a child logger per request.
    mixin: () => {
      const unit = currentContext();
      if (unit === undefined) return {};
      const traceId = traceIdOf(unit.trace);
      return {
        ...(unit.request === undefined ? {} : { req: unit.request }),
        ...(unit.correlationId === undefined ? {} : { correlationId: unit.correlationId }),
        ...(traceId === undefined ? {} : { traceId }),
      };
    },
  };
}
