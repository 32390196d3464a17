import { ConfigError } from './config-error';

/** sysexits.h EX_CONFIG: lets orchestrators tell a configuration error from a crash. */
export const EX_CONFIG = 78;

/**
 * For main.ts: a ConfigError becomes one line on stderr and exit code 78 instead of a stack trace;
 * any other error propagates unchanged. Works for synchronous and async start-up functions.
 */
export function exitOnConfigError<T>(start: () => T): T {
  try {
    const result = start();
    return result instanceof Promise ? (result.catch(exitIfConfigError) as T) : result;
  } catch (err) {
    return exitIfConfigError(err);
  }
}

function exitIfConfigError(err: unknown): never {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  return process.exit(EX_CONFIG);
}
