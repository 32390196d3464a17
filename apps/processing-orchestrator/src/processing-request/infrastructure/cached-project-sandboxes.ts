import type { UnitOfWork } from '@opp/persistence';
import type { ProjectSnapshotCache } from '@opp/snapshots';
import { ProjectSandboxes } from '../application/project-sandboxes';
import type { ProjectSandboxReader } from './project-sandbox.reader';

/**
 * The projects' sandbox flags, kept in memory per project so a submission does not read the
 * snapshot; dropped at every commit that changes a snapshot, on every replica, as payments keeps
 * its project settings (ADR 0065). A project not known yet is read again each time.
 */
export class CachedProjectSandboxes extends ProjectSandboxes {
  constructor(
    private readonly rows: ProjectSandboxReader,
    private readonly cache: ProjectSnapshotCache<boolean | null>,
  ) {
    super();
  }

  isSandbox(work: UnitOfWork, projectId: number): Promise<boolean | null> {
    return this.cache.get(projectId, () => this.rows.isSandbox(work, projectId));
  }
}
