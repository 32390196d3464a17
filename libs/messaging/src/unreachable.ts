/**
 * Errors that say a dependency (the database) cannot be reached now, not that the message is bad:
 * a refused or reset connection, a server shutting down or starting (SQLSTATE class 08, 57P01-03).
 * Such a message is never dead-lettered; it is retried at the same offset until the dependency is
 * back (ADR 0022). Wrapped errors are followed through `cause` and `driverError` (TypeORM).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const MESSAGES = [
  /Connection terminated/i,
  /terminating connection due to administrator command/i,
  /the database system is (starting up|shutting down)/i,
  /timeout exceeded when trying to connect/i,
];

export function isDependencyUnreachable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, driverError } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    driverError?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code))) return true;
  if (typeof code === 'string' && code.startsWith('08')) return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  return (
    isDependencyUnreachable(cause, depth + 1) || isDependencyUnreachable(driverError, depth + 1)
  );
}
