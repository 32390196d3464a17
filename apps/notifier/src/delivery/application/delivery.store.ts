import type { DeliveryKind, DeliveryStatus } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import type {
  Delivery,
  DeliveryOrigin,
  DeliveryUpdate,
  NewDelivery,
  OriginatedDelivery,
} from '../domain/delivery';

/** Committing a new or replayed delivery wakes every replica's scheduler (LISTEN/NOTIFY). */
export const DELIVERIES_DUE_CHANNEL = 'deliveries_due';

export interface DeliveryFilter {
  status?: DeliveryStatus;
  kind?: DeliveryKind;
  projectId?: number;
  page: number;
  limit: number;
}

/**
 * How a new delivery starts: claimed by this replica for `leaseMs` (sent right after the commit,
 * ADR 0033), or waiting for the scheduler, due now or not before a time (an open breaker).
 */
export type DeliveryStart = { claimedForMs: number } | { notBefore: Date | null };

/** A delivery to create, with where it comes from and how it starts. */
export interface NewDeliveryEntry extends OriginatedDelivery {
  start: DeliveryStart;
}

/** Port: where deliveries and their attempts live (ADR 0010, ADR 0031). */
export abstract class DeliveryStore {
  /**
   * Stores the delivery unless one with its dedupe key exists; either way answers the stored one.
   * A delivery stored claimed has its first attempt counted and recorded as in flight, as a claim
   * does; one due now wakes the schedulers at the commit.
   */
  abstract addIfAbsent(
    work: UnitOfWork,
    delivery: NewDelivery,
    origin: DeliveryOrigin,
    start: DeliveryStart,
  ): Promise<{ delivery: Delivery; created: boolean }>;

  /**
   * Stores the deliveries whose dedupe key is not taken, in one statement (ADR 0065), as
   * `addIfAbsent` stores one; answers the stored ones by dedupe key (a key taken before, or twice in
   * the list, is stored once or not at all).
   */
  abstract addAllIfAbsent(
    work: UnitOfWork,
    entries: readonly NewDeliveryEntry[],
  ): Promise<Map<string, Delivery>>;

  /**
   * Claims up to `limit` due deliveries for this replica: rows another replica is claiming or
   * holds are skipped, and each claimed one is leased for `leaseMs` of wall-clock time, which no
   * advance of its project's clock shortens (ADR 0069): an attempt in flight is never started
   * again elsewhere; a replica dying mid-attempt hands it back when the lease ends. Each claim
   * counts an attempt, recorded as in flight before anything is sent.
   */
  abstract claimDue(work: UnitOfWork, limit: number, leaseMs: number): Promise<Delivery[]>;

  /** When the next pending delivery falls due (a retry, a hold, a lease), if any: ADR 0065. */
  abstract nextDueAt(): Promise<Date | null>;

  /**
   * Stores an attempt's outcome. Only the holder of the latest claim may: when the lease ran out
   * and the delivery was claimed again (or replayed) meanwhile, this answers null. Without a unit
   * of work it is one statement that commits by itself (ADR 0033), shared with the outcomes of
   * other attempts that finished while the previous one was written (ADR 0065).
   */
  abstract completeAttempt(
    work: UnitOfWork | null,
    delivery: Delivery,
    update: DeliveryUpdate,
  ): Promise<Delivery | null>;

  /**
   * Hands claimed deliveries back unattempted, as if never claimed (their attempt is not counted),
   * due at `until`, or at the end of their schedule (`scheduleMs` from the cycle's start) if that
   * comes first: their destination's breaker is open (ADR 0033).
   */
  abstract unclaim(
    work: UnitOfWork,
    deliveries: Delivery[],
    until: Date,
    scheduleMs: number,
  ): Promise<void>;

  /**
   * Every pending delivery to `destination` due before `until` waits until then (or until the end
   * of its schedule, if that comes first), in one statement: its breaker opened (ADR 0033). Only
   * ever moves a time later, so a lease is never cut short.
   */
  abstract holdDestination(
    work: UnitOfWork,
    destination: string,
    until: Date,
    scheduleMs: number,
  ): Promise<number>;

  /** The delivery, locked until the unit of work ends. */
  abstract lockById(work: UnitOfWork, id: string): Promise<Delivery | null>;

  /** Stores a replayed (dead, now pending again) delivery and wakes the schedulers. */
  abstract saveReplayed(work: UnitOfWork, delivery: Delivery): Promise<Delivery>;

  abstract saveReported(work: UnitOfWork, delivery: Delivery): Promise<void>;

  /** Deliveries waiting for an attempt (first or retry), by kind; read outside any transaction. */
  abstract countPendingByKind(): Promise<Map<DeliveryKind, number>>;

  /** A page of deliveries, newest first; read outside any transaction. */
  abstract list(filter: DeliveryFilter): Promise<{ total: number; items: Delivery[] }>;
}
