import { ErrorCode } from '@opp/errors';

export type SubscriptionStatus = 'active' | 'cancelled' | 'disabled';

/** Retries of a declined automatic charge, one a day, before recurring is disabled for the user. */
export const DECLINED_CHARGE_RETRIES = 3;

export interface SubscriptionState {
  id: number;
  projectId: number;
  userId: string;
  /** The charge that subscribed the user; it does not count against `frequency` (ADR 0012). */
  transactionId: number;
  intervalDays: number;
  trialDays: number;
  /** Exact decimal text in `currency`: what automatic charges take. */
  price: string;
  currency: string;
  /** Payments' permanent card token; repeated charges use it. */
  cardTokenId: string;
  frequencyDays: number;
  endsAt: Date;
  status: SubscriptionStatus;
  subscribedAt: Date;
  /** The latest recurring charge, manual or automatic (not the subscribing one). */
  lastChargedAt: Date | null;
  /** The flow that made the latest manual charge (ADR 0060). */
  lastChargeKey: string | null;
  /**
   * The manual charge flow in flight (ADR 0060): it holds the user's frequency window until
   * payments answers. A refusal releases it; only a charge counts.
   */
  chargeReservedBy: string | null;
  /** When the automatic scheduler charges next; null: nothing scheduled (or a charge in flight). */
  nextChargeAt: Date | null;
  /** The automatic period to charge (1 = the first after the trial). */
  period: number;
  /** When `period` is due by the schedule (retries do not move it). */
  periodDueAt: Date | null;
  /** Attempts made on `period` (declines are retried daily). */
  attempt: number;
  /** Attempts on `period` that payments refused before any charge: they are not retries (ADR 0060). */
  refusedAttempts: number;
  /** An automatic charge was sent to payments and its outcome has not come back. */
  chargeInFlight: boolean;
  /** When the automatic charge in flight started, in the project's time (ADR 0069). */
  chargeStartedAt?: Date | null;
}

/**
 * A subscription as payments announced it (the subscribing charge succeeded), with its first
 * automatic charge. Stored, it replaces the user's previous subscription unless that one is newer
 * (a replayed event never rolls the state back); the period counter carries on, so a period key is
 * never reused.
 */
export type NewSubscription = Pick<
  SubscriptionState,
  | 'projectId'
  | 'userId'
  | 'transactionId'
  | 'intervalDays'
  | 'trialDays'
  | 'price'
  | 'currency'
  | 'cardTokenId'
  | 'frequencyDays'
  | 'endsAt'
  | 'subscribedAt'
> & {
  /** The first automatic charge (null: manual recurring only). */
  firstDueAt: Date | null;
};

export type Refusal = { code: ErrorCode; message: string };
export type Decision<T = void> = { ok: true; value: T } | ({ ok: false } & Refusal);

export type AutomaticStep =
  | { kind: 'charge'; period: number; attempt: number }
  | { kind: 'postpone'; until: Date }
  | { kind: 'stop' };

const ok = <T>(value: T): Decision<T> => ({ ok: true, value });
const refuse = (code: ErrorCode, message: string): Decision<never> => ({
  ok: false,
  code,
  message,
});

/**
 * A user's subscription to recurring payments (ADR 0012) and its rules: who may be charged again
 * and when, the automatic schedule (every `intervalDays` after `trialDays`), and what a declined
 * automatic charge does. `dayMs` is the length of a day (shortened in tests only).
 */
export class Subscription {
  private constructor(private readonly s: SubscriptionState) {}

  static restore(state: SubscriptionState): Subscription {
    return new Subscription({ ...state });
  }

  /** A user subscribed: the subscription to store, its first automatic charge planned. */
  static subscribe(
    subscribed: Omit<NewSubscription, 'firstDueAt'>,
    dayMs: number,
  ): NewSubscription {
    const { subscribedAt, intervalDays, trialDays } = subscribed;
    return {
      ...subscribed,
      firstDueAt: Subscription.firstDueAt(subscribedAt, intervalDays, trialDays, dayMs),
    };
  }

  /** The schedule of a new subscription: the first automatic charge after the trial. */
  static firstDueAt(
    subscribedAt: Date,
    intervalDays: number,
    trialDays: number,
    dayMs: number,
  ): Date | null {
    if (intervalDays <= 0) return null;
    // The subscribing payment pays for the first interval unless a trial stands in for it.
    const days = trialDays > 0 ? trialDays : intervalDays;
    return new Date(subscribedAt.getTime() + days * dayMs);
  }

  get state(): Readonly<SubscriptionState> {
    return this.s;
  }

  /**
   * POST /card/processRecurring and `recurring.charge` (ADR 0060): may the user be charged now? The
   * flow `key` reserves the frequency window; nothing counts until payments has charged. While
   * another flow holds it, the user is "too frequent" as if that one had charged (two charges in
   * flight must not both pass the window).
   */
  reserveCharge(key: string, now: Date, dayMs: number): Decision {
    const usable = this.usable(now);
    if (!usable.ok) return usable;
    const held = this.s.chargeReservedBy !== null && this.s.chargeReservedBy !== key;
    if (this.tooSoon(now, dayMs) || (held && this.s.frequencyDays > 0)) {
      return refuse(ErrorCode.RecurringTooFrequent, 'Recurring payments too frequent for the user');
    }
    this.s.chargeReservedBy = key;
    return ok(undefined);
  }

  /**
   * payments answered the flow `key`: a charge counts against `frequency` from when it was made; a
   * refusal or a decline counts for nothing (ADR 0012). Either way the reservation is released.
   */
  settleCharge(key: string, charged: boolean, at: Date): void {
    if (charged && (this.s.lastChargedAt === null || this.s.lastChargedAt < at)) {
      this.s.lastChargedAt = at;
      this.s.lastChargeKey = key;
    }
    this.releaseCharge(key);
  }

  /** The flow `key` is over without an answer (its deadline passed): the window is free again. */
  releaseCharge(key: string): void {
    if (this.s.chargeReservedBy === key) this.s.chargeReservedBy = null;
  }

  /** POST /user/changeRecurring: a new interval re-plans the schedule from the latest charge. */
  change(
    changes: { interval?: number; price?: string; currency?: string },
    now: Date,
    dayMs: number,
  ): Decision {
    if (this.s.status !== 'active') {
      return refuse(ErrorCode.RecurringDisabled, 'Recurring disabled for the user');
    }
    if (changes.price !== undefined && changes.currency !== undefined) {
      this.s.price = changes.price;
      this.s.currency = changes.currency;
    }
    if (changes.interval !== undefined && changes.interval !== this.s.intervalDays) {
      this.s.intervalDays = changes.interval;
      if (!this.s.chargeInFlight) this.replan(now, dayMs);
    }
    return ok(undefined);
  }

  /** POST /user/cancelRecurring: no repeated payment after it (40310); cancelling twice is fine. */
  cancel(): void {
    if (this.s.status === 'active') this.s.status = 'cancelled';
    this.s.nextChargeAt = null;
  }

  /** The scheduler found the subscription due: charge a period, wait for `frequency`, or stop. */
  startAutomaticCharge(now: Date, dayMs: number): AutomaticStep {
    if (this.s.chargeInFlight) return { kind: 'stop' };
    if (!this.usable(now).ok || this.s.intervalDays <= 0) {
      this.s.nextChargeAt = null;
      return { kind: 'stop' };
    }
    if (this.tooSoon(now, dayMs)) {
      const until = new Date(this.s.lastChargedAt!.getTime() + this.s.frequencyDays * dayMs);
      this.s.nextChargeAt = until;
      return { kind: 'postpone', until };
    }
    this.s.attempt += 1;
    this.s.chargeInFlight = true;
    this.s.chargeStartedAt = now;
    this.s.nextChargeAt = null;
    return { kind: 'charge', period: this.s.period, attempt: this.s.attempt };
  }

  /**
   * The outcome of an automatic charge. A charged period moves the schedule one interval on; a
   * decline is retried a day later, and after DECLINED_CHARGE_RETRIES retries recurring is
   * disabled. A refusal (nothing was charged, ADR 0060) is retried a day later too but is not a
   * retry of a decline. An outcome of another period or attempt (a duplicate) changes nothing.
   */
  recordAutomaticOutcome(
    period: number,
    attempt: number,
    outcome: 'charged' | 'declined' | 'refused',
    now: Date,
    dayMs: number,
  ): boolean {
    if (!this.s.chargeInFlight || period !== this.s.period || attempt !== this.s.attempt) {
      return false;
    }
    this.s.chargeInFlight = false;
    if (outcome === 'charged') {
      this.s.lastChargedAt = now;
      this.s.period += 1;
      this.s.attempt = 0;
      this.s.refusedAttempts = 0;
      const due = (this.s.periodDueAt ?? now).getTime() + this.s.intervalDays * dayMs;
      // After an outage the missed periods are not charged in a burst: the plan restarts from now.
      this.s.periodDueAt = new Date(
        due > now.getTime() ? due : now.getTime() + this.s.intervalDays * dayMs,
      );
      this.s.nextChargeAt = this.s.status === 'active' ? this.s.periodDueAt : null;
      return true;
    }
    if (outcome === 'refused') this.s.refusedAttempts += 1;
    if (this.s.attempt - this.s.refusedAttempts > DECLINED_CHARGE_RETRIES) {
      this.s.status = 'disabled';
      this.s.nextChargeAt = null;
      return true;
    }
    this.s.nextChargeAt = this.s.status === 'active' ? new Date(now.getTime() + dayMs) : null;
    return true;
  }

  /**
   * The period this sweep was to charge is charged already (its unique period key says so, whatever
   * the stored state said): the schedule moves on to the next period as if it had been charged now.
   */
  skipChargedPeriod(period: number, attempt: number, now: Date, dayMs: number): boolean {
    return this.recordAutomaticOutcome(period, attempt, 'charged', now, dayMs);
  }

  private usable(now: Date): Decision {
    if (this.s.status !== 'active') {
      return refuse(ErrorCode.RecurringDisabled, 'Recurring disabled for the user');
    }
    if (now.getTime() > this.s.endsAt.getTime()) {
      return refuse(ErrorCode.RecurringExpired, 'Recurring expired for the user');
    }
    return ok(undefined);
  }

  private tooSoon(now: Date, dayMs: number): boolean {
    const last = this.s.lastChargedAt;
    return last !== null && now.getTime() - last.getTime() < this.s.frequencyDays * dayMs;
  }

  private replan(now: Date, dayMs: number): void {
    if (this.s.intervalDays <= 0) {
      this.s.nextChargeAt = null;
      this.s.periodDueAt = null;
      return;
    }
    const from = this.s.lastChargedAt ?? this.s.subscribedAt;
    const due = Math.max(now.getTime(), from.getTime() + this.s.intervalDays * dayMs);
    this.s.periodDueAt = new Date(due);
    this.s.attempt = 0;
    this.s.refusedAttempts = 0;
    this.s.nextChargeAt = this.s.periodDueAt;
  }
}
