import type { UnitOfWork } from '@opp/persistence';
import type { KnownUser } from '../domain/known-user';

/**
 * Port: payments' copy of the users it charges (the users read model). A charge reads its payer
 * from it within its one context read (ADR 0065, `ChargeContextReader`).
 */
export abstract class UserDirectory {
  /**
   * Adds the users, or replaces what was known of them, in one statement (ADR 0065). A user named
   * twice is written as the last of them says.
   */
  abstract recordAll(work: UnitOfWork, users: readonly KnownUser[]): Promise<void>;
}
