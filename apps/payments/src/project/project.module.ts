import { Module } from '@nestjs/common';
import { AcquirerModule } from '../acquirer/acquirer.module';
import { LiveProjectsStartupCheck } from './application/live-projects-startup-check';
import { ProjectSettingsStore } from './application/project-settings.store';
import { ProjectSettingsRepository } from './infrastructure/project-settings.repository';

/** Project settings from the gateway's snapshots, and the start-up check on live projects. */
@Module({
  imports: [AcquirerModule],
  providers: [
    { provide: ProjectSettingsStore, useClass: ProjectSettingsRepository },
    LiveProjectsStartupCheck,
  ],
  exports: [ProjectSettingsStore],
})
export class ProjectModule {}
