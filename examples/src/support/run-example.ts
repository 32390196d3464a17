/* eslint-disable no-console -- an example reports to whoever runs it */

/** What an example prints, one line per step. */
export const say = (line: string): void => console.log(line);

/**
 * Runs an example's steps and exits: 0 when they all succeed, 1 with the error when one fails (an
 * API refusal prints its status and code, `403 40301: ...`). Exiting also ends a receiver that a
 * failed step left listening.
 */
export function runExample(steps: () => Promise<void>): void {
  steps().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
