/**
 * A named place between two steps of a cross-service flow where a crash test can kill the process
 * (docs/architecture/sagas.md). `OPP_CRASH_AT=<name>` makes the process SIGKILL itself the first
 * time it reaches that place, as an operator's `kill -9` would: no shutdown hook runs, nothing in
 * flight is flushed. Never armed under NODE_ENV=production, whatever the environment says.
 */
export function crashPoint(name: string): void {
  if (process.env.NODE_ENV === 'production') return;
  if (process.env.OPP_CRASH_AT !== name) return;
  process.kill(process.pid, 'SIGKILL');
}
