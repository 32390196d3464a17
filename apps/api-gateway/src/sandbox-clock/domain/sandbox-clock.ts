import { MAX_PROJECT_CLOCK_OFFSET_MS } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';

/** A sandbox project's clock (ADR 0069): its time is the wall clock plus `offsetMs`. */
export interface SandboxClock {
  projectId: number;
  offsetMs: number;
  /** Advances so far (0: never advanced). */
  version: number;
  advancedAt: Date | null;
}

export type ClockRefusal = { ok: false; code: ErrorCode; message: string };

/** The clock of a project that was never advanced: the wall clock. */
export const wallClockOf = (projectId: number): SandboxClock => ({
  projectId,
  offsetMs: 0,
  version: 0,
  advancedAt: null,
});

/** The project's time by this clock at the wall-clock time `wall`. */
export const projectTimeOf = (clock: SandboxClock, wall: Date): Date =>
  new Date(wall.getTime() + clock.offsetMs);

/**
 * Moves the clock `byMs` forward. Only a sandbox project has a clock to move (40321); time never
 * goes back, and a clock runs at most MAX_PROJECT_CLOCK_OFFSET_MS ahead (40017).
 */
export function advanceClock(
  clock: SandboxClock,
  sandbox: boolean,
  byMs: number,
  wall: Date,
): { ok: true; clock: SandboxClock } | ClockRefusal {
  if (!sandbox) {
    return {
      ok: false,
      code: ErrorCode.SandboxOnly,
      message: `project ${clock.projectId} is live: only a sandbox project has a clock to advance`,
    };
  }
  if (!Number.isSafeInteger(byMs) || byMs <= 0) {
    return { ok: false, code: ErrorCode.InvalidParameter, message: 'the advance must be positive' };
  }
  const offsetMs = clock.offsetMs + byMs;
  if (offsetMs > MAX_PROJECT_CLOCK_OFFSET_MS) {
    return {
      ok: false,
      code: ErrorCode.InvalidParameter,
      message: 'a sandbox clock runs at most ten years ahead of the wall clock',
    };
  }
  return { ok: true, clock: { ...clock, offsetMs, version: clock.version + 1, advancedAt: wall } };
}
