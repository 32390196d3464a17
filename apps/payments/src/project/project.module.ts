import { Module } from '@nestjs/common';
import { AcquirerModule } from '../acquirer/acquirer.module';
import { LiveProjectsStartupCheck } from './application/live-projects-startup-check';
import { ProjectSettingsStore } from './application/project-settings.store';
import { CachedProjectSettings } from './infrastructure/cached-project-settings';
import { ProjectSettingsRepository } from './infrastructure/project-settings.repository';

/** Project settings from the gateway's snapshots (cached, ADR 0036), and the start-up check on live projects. */
@Module({
  imports: [AcquirerModule],
  providers: [
    ProjectSettingsRepository,
    { provide: ProjectSettingsStore, useClass: CachedProjectSettings },
    LiveProjectsStartupCheck,
  ],
  exports: [ProjectSettingsStore],
})
export class ProjectModule {}
