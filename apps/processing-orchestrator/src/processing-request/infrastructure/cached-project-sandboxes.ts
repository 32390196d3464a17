import { Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import { ProjectSnapshotCache } from '@opp/snapshots';
import { ProjectSandboxes } from '../application/project-sandboxes';
import type { ProjectSandboxReader } from './project-sandbox.reader';

/**
 * The projects' sandbox flags, kept in memory per project so a submission does not read the
 * snapshot; dropped at every commit that changes a snapshot, on every replica, as payments keeps
 * its project settings (ADR 0036). A project not known yet is read again each time.
 */
export class CachedProjectSandboxes
  extends ProjectSandboxes
  implements OnModuleInit, OnModuleDestroy
{
  private readonly cache: ProjectSnapshotCache<boolean | null>;

  constructor(
    private readonly rows: ProjectSandboxReader,
    databaseUrl: string,
  ) {
    super();
    this.cache = new ProjectSnapshotCache(databaseUrl, new Logger(CachedProjectSandboxes.name));
  }

  onModuleInit(): Promise<void> {
    return this.cache.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.cache.stop();
  }

  isSandbox(work: UnitOfWork, projectId: number): Promise<boolean | null> {
    return this.cache.get(projectId, () => this.rows.isSandbox(work, projectId));
  }
}
