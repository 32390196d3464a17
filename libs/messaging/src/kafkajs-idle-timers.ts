import { createRequire } from 'node:module';

/** The parts of kafkajs 2.2.4's per-connection RequestQueue (not exported) that are replaced. */
interface RequestQueueInternals {
  pending: unknown[];
  inflight: Map<number, { sentAt: number; requestTimeout: number; timeoutRequest(): void }>;
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  requestTimeoutIntervalId?: NodeJS.Timeout;
  enforceRequestTimeout: boolean;
  isConnected(): boolean;
  destroy(): void;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
  scheduleRequestTimeoutCheck(): void;
}

/** kafkajs's own retry pace for requests waiting behind a full in-flight window. */
const CHECK_PENDING_MS = 10;
/** How often in-flight requests are checked against their time limits (kafkajs: 100 ms). */
const TIMEOUT_CHECK_MS = 1000;

/** The release whose internals this replaces; package.json pins it, so an upgrade comes here. */
const PATCHED_VERSION = '2.2.4';

let quieted = false;

/**
 * Two idle timers of every kafkajs 2.2.4 connection, replaced (ADR 0065). After its first response
 * a connection re-arms a 1 ms timer forever, even with nothing pending (kafkajs issues 1556 and
 * 1704, unreleased fix): it now arms one only while a request waits or the broker throttles. And
 * each connection checked its in-flight requests' time limits ten times a second: now once a
 * second, so a request times out at most a second after its limit (10 s and more).
 */
export function quietKafkajsIdleTimers(): void {
  if (quieted) return;
  quieted = true;
  const load = createRequire(__filename);
  const { version } = load('kafkajs/package.json') as { version: string };
  if (version !== PATCHED_VERSION) {
    throw new Error(
      `kafkajs ${version} is installed; its idle timers were replaced for ${PATCHED_VERSION} ` +
        '(ADR 0065): check whether the new release fixes them, then update or remove this patch',
    );
  }
  const { prototype } = load('kafkajs/src/network/requestQueue/index.js') as {
    prototype: RequestQueueInternals;
  };

  prototype.scheduleCheckPendingRequests = function (this: RequestQueueInternals) {
    if (this.throttleCheckTimeoutId) return;
    const throttledForMs = this.throttledUntil - Date.now();
    // Nothing waits and nothing throttles: the next push or response checks again.
    if (this.pending.length === 0 && throttledForMs <= 0) return;
    this.throttleCheckTimeoutId = setTimeout(
      () => {
        this.throttleCheckTimeoutId = null;
        this.checkPendingRequests();
      },
      throttledForMs > 0 ? throttledForMs : CHECK_PENDING_MS,
    );
  };

  prototype.scheduleRequestTimeoutCheck = function (this: RequestQueueInternals) {
    if (!this.enforceRequestTimeout) return;
    this.destroy();
    this.requestTimeoutIntervalId = setInterval(() => {
      this.inflight.forEach((request) => {
        if (Date.now() - request.sentAt > request.requestTimeout) request.timeoutRequest();
      });
      if (!this.isConnected()) this.destroy();
    }, TIMEOUT_CHECK_MS);
  };
}
