import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { SubscriptionStore, type PeriodClaim } from '../application/subscription.store';
import { Subscription, type NewSubscription, type SubscriptionState } from '../domain/subscription';

interface SubscriptionRow {
  id: string;
  project_id: number;
  user_id: string;
  transaction_id: string;
  interval_days: number;
  trial_days: number;
  price: string;
  currency: string;
  card_token_id: string;
  frequency_days: number;
  ends_at: Date;
  status: SubscriptionState['status'];
  subscribed_at: Date;
  last_charged_at: Date | null;
  last_charge_key: string | null;
  charge_reserved_by: string | null;
  next_charge_at: Date | null;
  period: number;
  period_due_at: Date | null;
  attempt: number;
  refused_attempts: number;
  charge_in_flight: boolean;
  charge_started_at: Date | null;
}

const toDomain = (r: SubscriptionRow): Subscription =>
  Subscription.restore({
    id: Number(r.id),
    projectId: r.project_id,
    userId: r.user_id,
    transactionId: Number(r.transaction_id),
    intervalDays: r.interval_days,
    trialDays: r.trial_days,
    price: r.price,
    currency: r.currency.trim(),
    cardTokenId: r.card_token_id,
    frequencyDays: r.frequency_days,
    endsAt: r.ends_at,
    status: r.status,
    subscribedAt: r.subscribed_at,
    lastChargedAt: r.last_charged_at,
    lastChargeKey: r.last_charge_key,
    chargeReservedBy: r.charge_reserved_by,
    nextChargeAt: r.next_charge_at,
    period: r.period,
    periodDueAt: r.period_due_at,
    attempt: r.attempt,
    refusedAttempts: r.refused_attempts,
    chargeInFlight: r.charge_in_flight,
    chargeStartedAt: r.charge_started_at,
  });

/** Subscriptions and their periods in typed SQL (ADR 0031); a sweep batch costs fixed statements. */
@Injectable()
export class SubscriptionRepository extends SubscriptionStore {
  /** One statement: the replacement rule holds under concurrent events of one user too. */
  async subscribe(work: UnitOfWork, s: NewSubscription): Promise<void> {
    await entityManagerOf(work).query(
      `INSERT INTO subscriptions (project_id, user_id, transaction_id, interval_days, trial_days,
         price, currency, card_token_id, frequency_days, ends_at, status, subscribed_at,
         next_charge_at, period_due_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'active', $11, $12, $12)
       ON CONFLICT (project_id, user_id) DO UPDATE SET
         transaction_id = EXCLUDED.transaction_id, interval_days = EXCLUDED.interval_days,
         trial_days = EXCLUDED.trial_days, price = EXCLUDED.price, currency = EXCLUDED.currency,
         card_token_id = EXCLUDED.card_token_id, frequency_days = EXCLUDED.frequency_days,
         ends_at = EXCLUDED.ends_at, status = 'active', subscribed_at = EXCLUDED.subscribed_at,
         next_charge_at = EXCLUDED.next_charge_at, period_due_at = EXCLUDED.period_due_at,
         last_charged_at = NULL, last_charge_key = NULL, attempt = 0, charge_in_flight = false,
         charge_reserved_by = NULL, refused_attempts = 0,
         period = subscriptions.period + 1, updated_at = now()
       WHERE subscriptions.subscribed_at <= EXCLUDED.subscribed_at`,
      [
        s.projectId,
        s.userId,
        s.transactionId,
        s.intervalDays,
        s.trialDays,
        s.price,
        s.currency,
        s.cardTokenId,
        s.frequencyDays,
        s.endsAt,
        s.subscribedAt,
        s.firstDueAt,
      ],
    );
  }

  async lockOfUser(
    work: UnitOfWork,
    projectId: number,
    userId: string,
  ): Promise<Subscription | null> {
    const rows: SubscriptionRow[] = await entityManagerOf(work).query(
      `SELECT * FROM subscriptions WHERE project_id = $1 AND user_id = $2 FOR UPDATE`,
      [projectId, userId],
    );
    return rows.length ? toDomain(rows[0]) : null;
  }

  async lockById(work: UnitOfWork, id: number): Promise<Subscription | null> {
    const rows: SubscriptionRow[] = await entityManagerOf(work).query(
      `SELECT * FROM subscriptions WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows.length ? toDomain(rows[0]) : null;
  }

  /**
   * Due by the wall clock, then (slots left) due by the clock of a sandbox project that runs ahead
   * (ADR 0069): a second statement over the few projects with a clock, so the first keeps its
   * index range.
   */
  async claimDue(work: UnitOfWork, now: Date, limit: number): Promise<Subscription[]> {
    const tx = entityManagerOf(work);
    const rows: SubscriptionRow[] = await tx.query(
      `SELECT * FROM subscriptions WHERE next_charge_at IS NOT NULL AND next_charge_at <= $1
       ORDER BY next_charge_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
    if (rows.length < limit) {
      const ahead: SubscriptionRow[] = await tx.query(
        `SELECT s.* FROM project_clocks pc JOIN subscriptions s ON s.project_id = pc.project_id
         WHERE s.next_charge_at > $1
           AND s.next_charge_at <= $1::timestamptz + pc.offset_ms * interval '1 millisecond'
         ORDER BY s.next_charge_at, s.id LIMIT $2 FOR UPDATE OF s SKIP LOCKED`,
        [now, limit - rows.length],
      );
      rows.push(...ahead);
    }
    return rows.map(toDomain);
  }

  async save(work: UnitOfWork, subscription: Subscription): Promise<void> {
    await this.saveAll(work, [subscription]);
  }

  /** The mutable state of all of them in one statement. */
  async saveAll(work: UnitOfWork, subscriptions: readonly Subscription[]): Promise<void> {
    if (subscriptions.length === 0) return;
    const states = subscriptions.map((s) => s.state);
    const column = <T>(pick: (s: Readonly<SubscriptionState>) => T) => states.map(pick);
    await entityManagerOf(work).query(
      `UPDATE subscriptions AS s SET interval_days = v.interval_days, price = v.price,
         currency = v.currency, status = v.status, last_charged_at = v.last_charged_at,
         last_charge_key = v.last_charge_key, next_charge_at = v.next_charge_at,
         period = v.period, period_due_at = v.period_due_at, attempt = v.attempt,
         charge_in_flight = v.charge_in_flight, charge_reserved_by = v.charge_reserved_by,
         refused_attempts = v.refused_attempts, charge_started_at = v.charge_started_at,
         updated_at = now()
       FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::text[],
         $6::timestamptz[], $7::text[], $8::timestamptz[], $9::int[], $10::timestamptz[],
         $11::int[], $12::boolean[], $13::text[], $14::int[], $15::timestamptz[])
         AS v(id, interval_days, price, currency, status, last_charged_at, last_charge_key,
           next_charge_at, period, period_due_at, attempt, charge_in_flight, charge_reserved_by,
           refused_attempts, charge_started_at)
       WHERE s.id = v.id`,
      [
        column((s) => s.id),
        column((s) => s.intervalDays),
        column((s) => s.price),
        column((s) => s.currency),
        column((s) => s.status),
        column((s) => s.lastChargedAt),
        column((s) => s.lastChargeKey),
        column((s) => s.nextChargeAt),
        column((s) => s.period),
        column((s) => s.periodDueAt),
        column((s) => s.attempt),
        column((s) => s.chargeInFlight),
        column((s) => s.chargeReservedBy),
        column((s) => s.refusedAttempts),
        column((s) => s.chargeStartedAt ?? null),
      ],
    );
  }

  async claimPeriods(work: UnitOfWork, claims: readonly PeriodClaim[]): Promise<Set<number>> {
    if (claims.length === 0) return new Set();
    const rows: { subscription_id: string }[] = await entityManagerOf(work).query(
      `INSERT INTO recurring_periods (subscription_id, period, attempts, status)
       SELECT id, period, attempt, 'charging'
       FROM unnest($1::bigint[], $2::int[], $3::int[]) AS c(id, period, attempt)
       ON CONFLICT (subscription_id, period) DO UPDATE
         SET attempts = EXCLUDED.attempts, status = 'charging', updated_at = now()
         WHERE recurring_periods.status <> 'charged'
       RETURNING subscription_id`,
      [
        claims.map((c) => c.subscriptionId),
        claims.map((c) => c.period),
        claims.map((c) => c.attempt),
      ],
    );
    return new Set(rows.map((r) => Number(r.subscription_id)));
  }

  async recordPeriod(
    work: UnitOfWork,
    subscriptionId: number,
    period: number,
    status: 'charged' | 'declined' | 'refused',
    transactionId: number | null,
  ): Promise<void> {
    await entityManagerOf(work).query(
      `UPDATE recurring_periods SET status = $3, transaction_id = COALESCE($4, transaction_id),
         updated_at = now()
       WHERE subscription_id = $1 AND period = $2 AND status <> 'charged'`,
      [subscriptionId, period, status, transactionId],
    );
  }
}
