import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import { ProjectSnapshotCache } from '@opp/snapshots';
import { PaymentsConfig } from '../../config/payments.config';
import { ProjectSettingsStore, type ProjectSettings } from '../application/project-settings.store';
import { ProjectSettingsRepository } from './project-settings.repository';

/**
 * ADR 0036: project settings kept in memory per project, so a charge does not read them; dropped
 * at every commit that changes a snapshot, on every instance (`ProjectSnapshotCache`).
 */
@Injectable()
export class CachedProjectSettings
  extends ProjectSettingsStore
  implements OnModuleInit, OnModuleDestroy
{
  private readonly cache: ProjectSnapshotCache<ProjectSettings>;

  constructor(
    private readonly rows: ProjectSettingsRepository,
    @Inject(PaymentsConfig) config: PaymentsConfig,
  ) {
    super();
    this.cache = new ProjectSnapshotCache(
      config.databaseUrl,
      new Logger(CachedProjectSettings.name),
    );
  }

  onModuleInit(): Promise<void> {
    return this.cache.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.cache.stop();
  }

  require(work: UnitOfWork, projectId: number): Promise<ProjectSettings> {
    return this.cache.get(projectId, () => this.rows.require(work, projectId));
  }

  countLive(work: UnitOfWork): Promise<number> {
    return this.rows.countLive(work);
  }
}
