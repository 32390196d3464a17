import type { ProcessingResponseV1 } from '@opp/contracts';

/** ADR 0005: the synchronous simulation never waits longer than this. */
export const MAX_SYNC_WAIT_MS = 2_000;
const WAIT_TIMES: Readonly<Record<string, number>> = { PT0S: 0, PT1S: 1_000, PT2S: 2_000 };
/**
 * Pauses before each read of the status. A level of a fast tree takes tens of milliseconds and a
 * status read is one statement in the orchestrator (ADR 0065): the first reads come soon, later ones
 * back off, which keeps about twenty reads in a 2 s window as before.
 */
const POLL_DELAYS_MS = [10, 20, 30, 40, 60, 100];

interface ResponseShape {
  header?: { service?: { sync?: unknown; waitingTime?: unknown } };
  result?: { status?: unknown };
}

/** How long the answer may still wait for the request to finish: waitingTime when sync is on. */
export function syncWaitMs(response: ProcessingResponseV1): number {
  const service = (response as ResponseShape).header?.service;
  if (service?.sync !== true) return 0;
  const ms = typeof service.waitingTime === 'string' ? WAIT_TIMES[service.waitingTime] : undefined;
  return Math.min(ms ?? 0, MAX_SYNC_WAIT_MS);
}

export const responseStatus = (response: ProcessingResponseV1): unknown =>
  (response as ResponseShape).result?.status;

export interface SyncWindowOptions<T> {
  /** The response an answer carries: its status and its header's sync settings. */
  responseOf: (answer: T) => ProcessingResponseV1;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The synchronous simulation (processing-api.md, ADR 0005): while the request is PROCESSING and the
 * window since `startedAt` is open, read its status again; answer the first FINISHED or WAITING
 * state, or the last one seen when the window closes. A failing status read ends the wait with
 * the answer already in hand: the request was accepted and goes on asynchronously.
 */
export async function awaitSyncWindow<T>(
  first: T,
  startedAt: number,
  readStatus: () => Promise<T>,
  { responseOf, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) }: SyncWindowOptions<T>,
): Promise<T> {
  const deadline = startedAt + syncWaitMs(responseOf(first));
  let answer = first;
  for (let round = 0; responseStatus(responseOf(answer)) === 'PROCESSING'; round++) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    await sleep(Math.min(POLL_DELAYS_MS[Math.min(round, POLL_DELAYS_MS.length - 1)], left));
    try {
      answer = await readStatus();
    } catch {
      break;
    }
  }
  return answer;
}
