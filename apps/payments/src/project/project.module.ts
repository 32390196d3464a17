import { Logger, Module } from '@nestjs/common';
import { ProjectSnapshotCache } from '@opp/snapshots';
import { AcquirerModule } from '../acquirer/acquirer.module';
import { PaymentsConfig } from '../config/payments.config';
import { LiveProjectsStartupCheck } from './application/live-projects-startup-check';
import { ProjectSettingsStore, type ProjectSettings } from './application/project-settings.store';
import { CachedProjectSettings } from './infrastructure/cached-project-settings';
import { ProjectSettingsRepository } from './infrastructure/project-settings.repository';

/** Project settings from the gateway's snapshots (cached, ADR 0065), and the start-up check on live projects. */
@Module({
  imports: [AcquirerModule],
  providers: [
    ProjectSettingsRepository,
    {
      provide: ProjectSnapshotCache,
      inject: [PaymentsConfig],
      useFactory: (config: PaymentsConfig) =>
        new ProjectSnapshotCache(config.databaseUrl, new Logger(CachedProjectSettings.name)),
    },
    {
      provide: ProjectSettingsStore,
      inject: [ProjectSettingsRepository, ProjectSnapshotCache],
      useFactory: (rows: ProjectSettingsRepository, cache: ProjectSnapshotCache<ProjectSettings>) =>
        new CachedProjectSettings(rows, cache),
    },
    LiveProjectsStartupCheck,
  ],
  exports: [ProjectSettingsStore],
})
export class ProjectModule {}
