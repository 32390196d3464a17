import type { UnitOfWork } from '@opp/persistence';
import type { NewUser, User } from '../domain/user';

/** Port: where a project's users live (ADR 0031). */
export abstract class UserStore {
  /**
   * Stores the user unless the project already has one with this identifier; either way answers
   * the stored one. Concurrent calls for one identifier: exactly one creates it.
   */
  abstract addIfAbsent(work: UnitOfWork, user: NewUser): Promise<{ user: User; created: boolean }>;

  /**
   * A user of the project by internal id (an id that cannot exist is not found). Without a unit of
   * work the read runs outside any transaction (a query answered from outside the inbox).
   */
  abstract findOfProject(projectId: number, id: string, work?: UnitOfWork): Promise<User | null>;

  /** Several users of one project by internal id (ids that cannot exist are skipped). */
  abstract findManyOfProject(
    work: UnitOfWork,
    projectId: number,
    ids: readonly string[],
  ): Promise<User[]>;
}
