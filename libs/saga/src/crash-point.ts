/**
 * A named place between two steps of a cross-service flow where a crash test can kill the process
 * (docs/architecture/sagas.md). `OPP_CRASH_AT=<name>` makes the process SIGKILL itself when it
 * reaches that place, as an operator's `kill -9` would: no shutdown hook runs, nothing in flight is
 * flushed; the test restarts the process without the variable. Armed only when NODE_ENV is
 * development or test (fail closed, ADR 0061): any other environment runs with production rules.
 */
export function crashPoint(name: string): void {
  const env = process.env.NODE_ENV;
  if (env !== 'development' && env !== 'test') return;
  if (process.env.OPP_CRASH_AT !== name) return;
  process.kill(process.pid, 'SIGKILL');
}
