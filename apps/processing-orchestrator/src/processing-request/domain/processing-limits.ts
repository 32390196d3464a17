/**
 * Documented limits of one processing request (OpenAPI description of POST /processing). They hold
 * after template expansion.
 */
export const ProcessingLimits = {
  /** Tasks in one request, counting every branch. */
  maxTasks: 100,
  /** Levels of one tree: a root task is level 1. */
  maxDepth: 10,
  /** Notification targets in header.service.result. */
  maxTargets: 20,
  /** Longest `wait` a task may ask for, in seconds. */
  maxWaitSeconds: 86_400,
  /** The synchronous window is never longer (ADR 0005). */
  maxSyncWaitMs: 2_000,
} as const;

export const WAIT_TIMES = { PT0S: 0, PT1S: 1_000, PT2S: 2_000 } as const;
export type WaitTime = keyof typeof WAIT_TIMES;
