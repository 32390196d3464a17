import { Inject, Injectable } from '@nestjs/common';
import {
  DestinationBreaker,
  type Admission,
  type DestinationSignal,
} from '../domain/destination-breaker';
import type { AttemptResult } from '../domain/delivery';
import { DELIVERY_SETTINGS, type DeliverySettings } from './delivery-settings';

/**
 * This replica's circuit breakers, one per destination (ADR 0033: kept in memory per replica).
 * A destination with no breaker (or e-mail, which has no destination) is closed; a breaker that
 * closes again is forgotten, so the map holds only destinations that are failing.
 */
@Injectable()
export class DestinationBreakers {
  private readonly breakers = new Map<string, DestinationBreaker>();

  constructor(@Inject(DELIVERY_SETTINGS) private readonly settings: DeliverySettings) {}

  admit(destination: string | null, now: Date = new Date()): Admission {
    if (destination === null) return { send: true };
    return this.breakers.get(destination)?.admit(now) ?? { send: true };
  }

  /** Until when a new delivery to the destination waits; null when it may be attempted now. */
  heldUntil(destination: string | null, now: Date = new Date()): Date | null {
    if (destination === null) return null;
    return this.breakers.get(destination)?.heldUntil(now) ?? null;
  }

  /** Records what an attempt told about its destination; answers the time it opened until, if so. */
  record(
    destination: string | null,
    result: AttemptResult,
    now: Date = new Date(),
  ): { openedUntil: Date } | null {
    const signal = signalOf(result);
    if (destination === null || signal === null) return null;
    if (signal === 'answered') {
      this.breakers.delete(destination);
      return null;
    }
    let breaker = this.breakers.get(destination);
    if (!breaker) {
      breaker = new DestinationBreaker(this.settings.breaker);
      this.breakers.set(destination, breaker);
    }
    return breaker.record(signal, now);
  }
}

/** Any HTTP status is an answer; a failure to connect is not; anything else tells nothing. */
function signalOf(result: AttemptResult): DestinationSignal | null {
  if (result.ok || result.httpStatus !== null) return 'answered';
  return result.unreachable ? 'unreachable' : null;
}
