import type { UnitOfWork } from '@opp/persistence';
import type { NewSubscription, Subscription } from '../domain/subscription';

/** A claim on one automatic charge of a period (its unique key: subscription and period). */
export interface PeriodClaim {
  subscriptionId: number;
  period: number;
  attempt: number;
}

/** Port: where subscriptions and their charged periods live (ADR 0012, ADR 0031). */
export abstract class SubscriptionStore {
  /** Stores a new subscription of its user, under the replacement rule of NewSubscription. */
  abstract subscribe(work: UnitOfWork, subscription: NewSubscription): Promise<void>;

  /** The user's subscription, locked until the unit of work ends (one change at a time). */
  abstract lockOfUser(
    work: UnitOfWork,
    projectId: number,
    userId: string,
  ): Promise<Subscription | null>;

  abstract lockById(work: UnitOfWork, id: number): Promise<Subscription | null>;

  /**
   * Up to `limit` subscriptions due at `now`, locked; rows another scheduler instance holds are
   * skipped. The caller moves each one's due time (or clears it) in the same unit of work, so the
   * next batch starts after them: a sweep never holds more than one batch in memory.
   */
  abstract claimDue(work: UnitOfWork, now: Date, limit: number): Promise<Subscription[]>;

  abstract save(work: UnitOfWork, subscription: Subscription): Promise<void>;

  /** Stores several subscriptions at once (a sweep batch). */
  abstract saveAll(work: UnitOfWork, subscriptions: readonly Subscription[]): Promise<void>;

  /**
   * Claims an attempt on each period; answers the subscriptions whose claim held. A period already
   * charged is left out: its unique key refuses a second charge, whatever the in-memory state said.
   */
  abstract claimPeriods(work: UnitOfWork, claims: readonly PeriodClaim[]): Promise<Set<number>>;

  /** Records payments' answer on a period; a charged period stays charged. */
  abstract recordPeriod(
    work: UnitOfWork,
    subscriptionId: number,
    period: number,
    status: 'charged' | 'declined' | 'refused',
    transactionId: number | null,
  ): Promise<void>;
}
