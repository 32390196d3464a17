import type { UnitOfWork } from '@opp/persistence';
import type { Project } from '../domain/project';

/** A project before the database gave it an id and its timestamps. */
export type NewProject = Omit<Project, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Port (ADR 0031): where projects are kept. Signing keys are stored sealed (docs/security/key-hierarchy.md);
 * the adapter seals and opens them, so callers only ever see the domain object.
 */
export abstract class ProjectStore {
  abstract add(work: UnitOfWork, project: NewProject): Promise<Project>;

  /** Writes every field of the project and returns it as stored (new `updatedAt`). */
  abstract update(work: UnitOfWork, project: Project): Promise<Project>;

  /** The project, locked until `work` ends, for a change based on its current state. */
  abstract lockById(work: UnitOfWork, id: number): Promise<Project | null>;

  /** Reads in `work` when given, otherwise outside any transaction. */
  abstract byId(id: number, work?: UnitOfWork): Promise<Project | null>;

  abstract byPublicKey(publicKey: string): Promise<Project | null>;
}
