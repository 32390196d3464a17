import type { UnitOfWork } from '@opp/persistence';

/** Port: the projects' sandbox flag, from the snapshots their owner publishes. */
export abstract class ProjectSandboxes {
  /** Whether `wait` may run in the project; null while its snapshot has not reached us. */
  abstract isSandbox(work: UnitOfWork, projectId: number): Promise<boolean | null>;
}
