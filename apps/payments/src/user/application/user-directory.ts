import type { ChargeUserRefV1, UserSnapshotV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import type { KnownUser } from '../domain/known-user';

/** Port: payments' copy of the users it charges (the users read model). */
export abstract class UserDirectory {
  /** Adds the user, or replaces what was known of it. */
  abstract record(work: UnitOfWork, user: KnownUser): Promise<void>;

  /**
   * The User object of a charge (ADR 0035): by internal id as users-recurring announced it, or by a
   * User object's identifier, described by the fields sent. Null when the read model does not know
   * the user (not yet, or never).
   */
  abstract payer(
    work: UnitOfWork,
    projectId: number,
    ref: ChargeUserRefV1,
  ): Promise<UserSnapshotV1 | null>;
}
