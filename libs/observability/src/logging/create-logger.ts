import { pino, type DestinationStream, type Logger } from 'pino';
import { buildPinoOptions, type LoggerConfig } from './pino-options';

/**
 * A JSON logger for code outside Nest's DI (bootstrap, scripts, Kafka plumbing).
 * `destination` defaults to stdout; tests pass a stream to read the lines back.
 */
export function createLogger(config: LoggerConfig, destination?: DestinationStream): Logger {
  const options = buildPinoOptions(config);
  return destination ? pino(options, destination) : pino(options);
}
