// The catalogue lives in the SDK, which is published on its own and so cannot import it from
// here; the services take the same object (issue 36: one source for the services and the SDK).
export { ErrorCode } from '@opp/sdk/error-codes';

/** The code's HTTP status is its first three digits. */
export function httpStatusOf(code: number): number {
  return Math.floor(code / 100);
}
