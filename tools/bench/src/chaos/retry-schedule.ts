/**
 * Simulated time of the merchant outage: the notifier's retry schedule (ADR 0010's default, about
 * three days) runs this many times faster, so 48 hours pass in 60 s.
 */
export const CALLBACK_TIME_SCALE = 2880;

/** ADR 0010's default schedule, each delay divided by CALLBACK_TIME_SCALE (DELIVERY_RETRY_SCHEDULE). */
export function compressedRetrySchedule(scale = CALLBACK_TIME_SCALE): string {
  const minutes = [0.5, 1, 2, 4, 8, 16, 32, 60, 120, 240, ...Array<number>(8).fill(480)];
  return minutes.map((m) => `${Math.max(1, Math.round((m * 60_000) / scale))}ms`).join(',');
}
