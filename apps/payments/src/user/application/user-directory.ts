import type { UnitOfWork } from '@opp/persistence';
import type { KnownUser } from '../domain/known-user';

/**
 * Port: payments' copy of the users it charges (the users read model). A charge reads its payer
 * from it within its one context read (ADR 0036, `ChargeContextReader`).
 */
export abstract class UserDirectory {
  /** Adds the user, or replaces what was known of it. */
  abstract record(work: UnitOfWork, user: KnownUser): Promise<void>;
}
