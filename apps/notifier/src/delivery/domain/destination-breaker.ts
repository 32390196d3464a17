/**
 * When a destination (scheme, host, port) counts as down: after `failureThreshold` consecutive
 * connection-level failures it opens for a cool-down that doubles with every opening in a row, up
 * to `maxCoolDownMs` (ADR 0033).
 */
export interface BreakerPolicy {
  failureThreshold: number;
  baseCoolDownMs: number;
  maxCoolDownMs: number;
  /** How long the other deliveries wait while the half-open probe is in flight. */
  probeWaitMs: number;
}

/** What an attempt told about its destination: it answered (any HTTP status), or not at all. */
export type DestinationSignal = 'answered' | 'unreachable';

/** May a delivery to the destination be attempted now, or must it wait (not counted) until when. */
export type Admission = { send: true } | { send: false; until: Date };

type BreakerState =
  | { phase: 'closed'; failures: number }
  | { phase: 'open'; until: Date; openings: number }
  | { phase: 'half-open'; openings: number; probeSince: Date };

/**
 * The circuit breaker of one destination (ADR 0033): closed, open for a cool-down, then half-open
 * with a single probe attempt whose success closes it and whose failure opens it again, longer.
 */
export class DestinationBreaker {
  private state: BreakerState = { phase: 'closed', failures: 0 };

  constructor(private readonly policy: BreakerPolicy) {}

  get phase(): BreakerState['phase'] {
    return this.state.phase;
  }

  /** Closed: send. Open: wait for the cool-down. Its end: this attempt is the one probe. */
  admit(now: Date = new Date()): Admission {
    const state = this.state;
    if (state.phase === 'closed') return { send: true };
    if (state.phase === 'open') {
      if (now < state.until) return { send: false, until: state.until };
      this.state = { phase: 'half-open', openings: state.openings, probeSince: now };
      return { send: true };
    }
    const probeEnds = new Date(state.probeSince.getTime() + this.policy.probeWaitMs);
    if (now < probeEnds) return { send: false, until: probeEnds };
    // The probe's outcome never came (its replica let it go): another delivery probes.
    this.state = { ...state, probeSince: now };
    return { send: true };
  }

  /**
   * Until when a new delivery to the destination waits, without taking the probe: none while
   * closed; the cool-down's end while open; past the probe's time limit once it is half-open.
   */
  heldUntil(now: Date = new Date()): Date | null {
    const state = this.state;
    if (state.phase === 'closed') return null;
    if (state.phase === 'open' && now < state.until) return state.until;
    // The probe in flight ends by its time limit; past that (or none yet), a new one is due now.
    const probeEnds =
      state.phase === 'half-open' ? state.probeSince.getTime() + this.policy.probeWaitMs : 0;
    return new Date(
      probeEnds > now.getTime() ? probeEnds : now.getTime() + this.policy.probeWaitMs,
    );
  }

  /** The time the destination opens until when this failure opened (or re-opened) it. */
  record(signal: DestinationSignal, now: Date = new Date()): { openedUntil: Date } | null {
    const state = this.state;
    if (signal === 'answered') {
      this.state = { phase: 'closed', failures: 0 };
      return null;
    }
    if (state.phase === 'open') return null; // an attempt started before it opened
    if (state.phase === 'closed' && state.failures + 1 < this.policy.failureThreshold) {
      this.state = { phase: 'closed', failures: state.failures + 1 };
      return null;
    }
    const openings = state.phase === 'half-open' ? state.openings + 1 : 1;
    const coolDown = Math.min(
      this.policy.baseCoolDownMs * 2 ** (openings - 1),
      this.policy.maxCoolDownMs,
    );
    const until = new Date(now.getTime() + coolDown);
    this.state = { phase: 'open', until, openings };
    return { openedUntil: until };
  }
}
