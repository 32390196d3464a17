import { DECLINED_CHARGE_RETRIES, Subscription, type SubscriptionState } from './subscription';

const DAY = 1000;
const t0 = new Date('2026-01-01T00:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * DAY);

const subscription = (extra: Partial<SubscriptionState> = {}) =>
  Subscription.restore({
    id: 1,
    projectId: 7,
    userId: '42',
    transactionId: 100,
    intervalDays: 30,
    trialDays: 0,
    price: '9.99',
    currency: 'EUR',
    cardTokenId: 'tok',
    frequencyDays: 2,
    endsAt: at(365),
    status: 'active',
    subscribedAt: t0,
    lastChargedAt: null,
    lastChargeKey: null,
    chargeReservedBy: null,
    nextChargeAt: at(30),
    period: 1,
    periodDueAt: at(30),
    attempt: 0,
    refusedAttempts: 0,
    chargeInFlight: false,
    ...extra,
  });

describe('Subscription (ADR 0012)', () => {
  it('schedules the first automatic charge after the trial, or one interval after subscribing', () => {
    expect(Subscription.firstDueAt(t0, 30, 7, DAY)).toEqual(at(7));
    expect(Subscription.firstDueAt(t0, 30, 0, DAY)).toEqual(at(30));
    expect(Subscription.firstDueAt(t0, 0, 7, DAY)).toBeNull();
  });

  /** A manual charge flow that payments charged (ADR 0060). */
  const charge = (s: Subscription, key: string, day: number) => {
    const decision = s.reserveCharge(key, at(day), DAY);
    if (decision.ok) s.settleCharge(key, true, at(day));
    return decision;
  };

  it('grants the first manual charge right after subscribing, then 40502 within frequency days', () => {
    const s = subscription();
    expect(charge(s, 'a', 0)).toEqual({ ok: true, value: undefined });
    expect(charge(s, 'b', 1)).toMatchObject({ ok: false, code: 40502 });
    expect(charge(s, 'c', 2).ok).toBe(true);
  });

  it('grants the flow holding the reservation again, even within frequency days', () => {
    const s = subscription();
    expect(s.reserveCharge('a', at(0), DAY).ok).toBe(true);
    expect(s.reserveCharge('a', at(0.5), DAY).ok).toBe(true);
  });

  it('counts a charge only: a refused or declined flow leaves the frequency window free (ADR 0012)', () => {
    const s = subscription();
    expect(s.reserveCharge('refused', at(0), DAY).ok).toBe(true);
    s.settleCharge('refused', false, at(0));
    expect(s.state).toMatchObject({ lastChargedAt: null, chargeReservedBy: null });
    expect(charge(s, 'next', 0.1).ok).toBe(true);
    expect(s.state).toMatchObject({ lastChargedAt: at(0.1), lastChargeKey: 'next' });
  });

  it('refuses 40502 while another flow of the user is with payments, frees it on release', () => {
    const s = subscription();
    expect(s.reserveCharge('first', at(0), DAY).ok).toBe(true);
    expect(s.reserveCharge('second', at(0), DAY)).toMatchObject({ ok: false, code: 40502 });
    s.releaseCharge('first');
    expect(s.state.lastChargedAt).toBeNull();
    expect(s.reserveCharge('second', at(0), DAY).ok).toBe(true);
  });

  it('lets flows run side by side when the project has no frequency window', () => {
    const s = subscription({ frequencyDays: 0 });
    expect(s.reserveCharge('first', at(0), DAY).ok).toBe(true);
    expect(s.reserveCharge('second', at(0), DAY).ok).toBe(true);
  });

  it('refuses 40310 after cancelRecurring and 40311 after endsAt', () => {
    const cancelled = subscription();
    cancelled.cancel();
    expect(cancelled.reserveCharge('a', at(1), DAY)).toMatchObject({ ok: false, code: 40310 });
    expect(cancelled.state.nextChargeAt).toBeNull();
    expect(subscription().reserveCharge('a', at(366), DAY)).toMatchObject({
      ok: false,
      code: 40311,
    });
  });

  it('changes price with currency, and re-plans the schedule for a new interval', () => {
    const s = subscription();
    expect(s.change({ price: '5.00', currency: 'USD', interval: 10 }, at(1), DAY).ok).toBe(true);
    expect(s.state).toMatchObject({ price: '5.00', currency: 'USD', intervalDays: 10 });
    expect(s.state.nextChargeAt).toEqual(at(10));
    expect(s.change({ interval: 0 }, at(2), DAY).ok).toBe(true);
    expect(s.state.nextChargeAt).toBeNull();
  });

  it('charges a due period once: a second sweep while in flight does nothing', () => {
    const s = subscription();
    expect(s.startAutomaticCharge(at(30), DAY)).toEqual({ kind: 'charge', period: 1, attempt: 1 });
    expect(s.startAutomaticCharge(at(30), DAY)).toEqual({ kind: 'stop' });
    expect(s.recordAutomaticOutcome(1, 1, 'charged', at(30), DAY)).toBe(true);
    expect(s.recordAutomaticOutcome(1, 1, 'charged', at(30), DAY)).toBe(false);
    expect(s.state).toMatchObject({ period: 2, attempt: 0, nextChargeAt: at(60) });
  });

  it('charges every missed period in turn when each outcome is recorded at its start (ADR 0069)', () => {
    // A sandbox clock advanced 90 days: each charge starts at its due time and its outcome is
    // recorded then, so the next period is due a month later, not a month after the advance.
    const s = subscription();
    for (const [period, day] of [
      [1, 30],
      [2, 60],
      [3, 90],
    ]) {
      expect(s.startAutomaticCharge(at(day), DAY)).toEqual({ kind: 'charge', period, attempt: 1 });
      expect(s.state.chargeStartedAt).toEqual(at(day));
      s.recordAutomaticOutcome(period, 1, 'charged', s.state.chargeStartedAt!, DAY);
    }
    expect(s.state).toMatchObject({ period: 4, nextChargeAt: at(120) });
  });

  it('postpones an automatic charge that would come within frequency days of a manual one', () => {
    const s = subscription({ lastChargedAt: at(29) });
    expect(s.startAutomaticCharge(at(30), DAY)).toEqual({ kind: 'postpone', until: at(31) });
  });

  it('retries a declined automatic charge daily, then disables recurring', () => {
    const s = subscription();
    let now = 30;
    for (let attempt = 1; attempt <= DECLINED_CHARGE_RETRIES; attempt++) {
      expect(s.startAutomaticCharge(at(now), DAY)).toEqual({ kind: 'charge', period: 1, attempt });
      s.recordAutomaticOutcome(1, attempt, 'declined', at(now), DAY);
      expect(s.state.nextChargeAt).toEqual(at(now + 1));
      now += 1;
    }
    const last = DECLINED_CHARGE_RETRIES + 1;
    expect(s.startAutomaticCharge(at(now), DAY)).toEqual({
      kind: 'charge',
      period: 1,
      attempt: last,
    });
    s.recordAutomaticOutcome(1, last, 'declined', at(now), DAY);
    expect(s.state).toMatchObject({ status: 'disabled', nextChargeAt: null });
    expect(s.reserveCharge('m', at(now + 5), DAY)).toMatchObject({ ok: false, code: 40310 });
  });

  it('retries a refused automatic charge daily without counting it as a retry (ADR 0060)', () => {
    const s = subscription();
    let now = 30;
    let attempt = 0;
    for (let i = 0; i < DECLINED_CHARGE_RETRIES + 3; i++) {
      expect(s.startAutomaticCharge(at(now), DAY)).toEqual({
        kind: 'charge',
        period: 1,
        attempt: ++attempt,
      });
      s.recordAutomaticOutcome(1, attempt, 'refused', at(now), DAY);
      now += 1;
    }
    expect(s.state).toMatchObject({ status: 'active', nextChargeAt: at(now) });
    for (let declines = 1; declines <= DECLINED_CHARGE_RETRIES + 1; declines++) {
      s.startAutomaticCharge(at(now), DAY);
      s.recordAutomaticOutcome(1, ++attempt, 'declined', at(now), DAY);
      now += 1;
    }
    expect(s.state).toMatchObject({ status: 'disabled', nextChargeAt: null });
  });

  it('stops the schedule of an expired or cancelled subscription', () => {
    const s = subscription({ endsAt: at(10) });
    expect(s.startAutomaticCharge(at(30), DAY)).toEqual({ kind: 'stop' });
    expect(s.state.nextChargeAt).toBeNull();
  });

  it('subscribes with the first automatic charge after the trial, none without an interval', () => {
    const subscribed = {
      projectId: 7,
      userId: '42',
      transactionId: 100,
      intervalDays: 30,
      trialDays: 7,
      price: '9.99',
      currency: 'EUR',
      cardTokenId: 'tok',
      frequencyDays: 2,
      endsAt: at(365),
      subscribedAt: t0,
    };
    expect(Subscription.subscribe(subscribed, DAY)).toEqual({ ...subscribed, firstDueAt: at(7) });
    expect(Subscription.subscribe({ ...subscribed, intervalDays: 0 }, DAY).firstDueAt).toBeNull();
  });

  it('skips a period already charged (its key said so): the schedule moves to the next one', () => {
    const s = subscription();
    expect(s.startAutomaticCharge(at(30), DAY)).toEqual({ kind: 'charge', period: 1, attempt: 1 });
    expect(s.skipChargedPeriod(1, 1, at(30), DAY)).toBe(true);
    expect(s.state).toMatchObject({
      period: 2,
      attempt: 0,
      chargeInFlight: false,
      nextChargeAt: at(60),
    });
  });

  it('refuses to skip a period it is not charging', () => {
    const s = subscription();
    expect(s.skipChargedPeriod(1, 1, at(30), DAY)).toBe(false);
    s.startAutomaticCharge(at(30), DAY);
    expect(s.skipChargedPeriod(2, 1, at(30), DAY)).toBe(false);
    expect(s.state).toMatchObject({ period: 1, chargeInFlight: true });
  });
});
