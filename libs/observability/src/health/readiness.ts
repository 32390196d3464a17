import { scrubString } from '../logging/scrub';
import type { HealthCheck } from './health-check';

export const DEFAULT_CHECK_TIMEOUT_MS = 2000;
// Probe responses can be public; a driver error may be long or echo connection details.
const MAX_REASON_LENGTH = 200;

export interface ReadinessReport {
  status: 'ok' | 'unavailable';
  checks: Record<string, string>;
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return scrubString(text || 'failed').slice(0, MAX_REASON_LENGTH);
}

// A hung dependency (half-open TCP, pool exhausted) must turn into "down", not a hung probe.
async function withTimeout(check: HealthCheck, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs}ms`)), timeoutMs);
  });
  try {
    // Promise.resolve().then: a check that throws synchronously is still just "down".
    await Promise.race([Promise.resolve().then(() => check.check()), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every check concurrently; ready only when all are up. */
export async function runReadiness(
  checks: readonly HealthCheck[],
  timeoutMs = DEFAULT_CHECK_TIMEOUT_MS,
): Promise<ReadinessReport> {
  const results = await Promise.allSettled(checks.map((c) => withTimeout(c, timeoutMs)));
  const report: ReadinessReport = { status: 'ok', checks: {} };
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') {
      report.checks[checks[i].name] = 'up';
    } else {
      report.status = 'unavailable';
      report.checks[checks[i].name] = `down: ${reasonOf(result.reason)}`;
    }
  });
  return report;
}
