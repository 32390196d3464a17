import type { UnitOfWork } from '@opp/persistence';
import type { ProjectSnapshotCache } from '@opp/snapshots';
import { ProjectSettingsStore, type ProjectSettings } from '../application/project-settings.store';
import type { ProjectSettingsRepository } from './project-settings.repository';

/**
 * ADR 0065: project settings kept in memory per project, so a charge does not read them; dropped
 * at every commit that changes a snapshot, on every instance (`ProjectSnapshotCache`).
 */
export class CachedProjectSettings extends ProjectSettingsStore {
  constructor(
    private readonly rows: ProjectSettingsRepository,
    private readonly cache: ProjectSnapshotCache<ProjectSettings>,
  ) {
    super();
  }

  require(work: UnitOfWork, projectId: number): Promise<ProjectSettings> {
    return this.cache.get(projectId, () => this.rows.require(work, projectId));
  }

  countLive(work: UnitOfWork): Promise<number> {
    return this.rows.countLive(work);
  }
}
