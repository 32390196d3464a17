import { performance } from 'node:perf_hooks';

export interface LoadResult {
  name: string;
  concurrency: number;
  completed: number;
  failed: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * Runs `operation` from `concurrency` workers for `seconds` (after a warm-up) and reports
 * throughput and latency percentiles. An operation throws to count as failed.
 */
export async function runLoad(
  name: string,
  operation: (worker: number, i: number) => Promise<void>,
  {
    concurrency,
    seconds,
    warmupSeconds = 2,
  }: { concurrency: number; seconds: number; warmupSeconds?: number },
): Promise<LoadResult> {
  await drive(operation, concurrency, warmupSeconds * 1000, () => undefined);
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  await drive(operation, concurrency, seconds * 1000, (ms, ok) => {
    if (ok) latencies.push(ms);
    else failed++;
  });
  return resultOf(name, concurrency, latencies, failed, started);
}

/** A run's figures from its latencies (ms, in any order), failures and start (performance.now()). */
function resultOf(
  name: string,
  concurrency: number,
  latencies: number[],
  failed: number,
  started: number,
): LoadResult {
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    concurrency,
    completed: latencies.length,
    failed,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}

async function drive(
  operation: (worker: number, i: number) => Promise<void>,
  concurrency: number,
  durationMs: number,
  record: (ms: number, ok: boolean) => void,
): Promise<void> {
  const deadline = performance.now() + durationMs;
  let sequence = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        let ok = true;
        try {
          await operation(worker, sequence++);
        } catch {
          ok = false;
        }
        record(performance.now() - begin, ok);
      }
    }),
  );
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/**
 * Open-loop load: starts `operation` `perSecond` times a second for `seconds`, whether or not the
 * earlier ones have answered (a closed loop hides queueing), and reports their latencies.
 */
export async function runAtRate(
  name: string,
  operation: (i: number) => Promise<void>,
  { perSecond, seconds }: { perSecond: number; seconds: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failed = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.max(1, Math.round(perSecond * seconds));
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const begin = performance.now();
    inFlight.push(
      operation(i).then(
        () => void latencies.push(performance.now() - begin),
        () => void failed++,
      ),
    );
  }
  await Promise.all(inFlight);
  // An open loop has no fixed number of workers.
  return resultOf(name, 0, latencies, failed, started);
}
