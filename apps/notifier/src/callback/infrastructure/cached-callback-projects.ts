import type { UnitOfWork } from '@opp/persistence';
import type { ProjectSnapshotCache } from '@opp/snapshots';
import { CallbackProjects, type CallbackProject } from '../application/callback-projects';
import type { ProjectSnapshotRepository } from './project-snapshot.repository';

/**
 * What a merchant callback needs of its project, kept in memory per project so a status event does
 * not read the snapshot; dropped at every commit that changes a snapshot, on every replica, as
 * payments keeps its project settings (ADR 0065). A project not known yet is read again each time.
 */
export class CachedCallbackProjects extends CallbackProjects {
  constructor(
    private readonly rows: ProjectSnapshotRepository,
    private readonly cache: ProjectSnapshotCache<CallbackProject | null>,
  ) {
    super();
  }

  find(work: UnitOfWork, projectId: number): Promise<CallbackProject | null> {
    return this.cache.get(projectId, () => this.rows.find(work, projectId));
  }
}
