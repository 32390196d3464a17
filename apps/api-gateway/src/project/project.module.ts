import { Module } from '@nestjs/common';
import { GatewayConfig } from '../config/gateway.config';
import { DestinationsModule } from '../destinations/destinations.module';
import { CreateProjectUseCase } from './application/create-project/create-project.use-case';
import { GetProjectUseCase } from './application/get-project/get-project.use-case';
import { ProjectChanges } from './application/project-changes';
import { ProjectDirectory } from './application/project-directory';
import { ProjectStore } from './application/project.store';
import {
  KEY_ROTATION_GRACE,
  RotateProjectKeysUseCase,
} from './application/rotate-project-keys/rotate-project-keys.use-case';
import { UpdateProjectUseCase } from './application/update-project/update-project.use-case';
import { ProjectRepository } from './infrastructure/project.repository';

/** Merchant projects: their keys and settings, provisioned by the admin API (ADR 0002). */
@Module({
  imports: [DestinationsModule],
  providers: [
    { provide: ProjectStore, useClass: ProjectRepository },
    {
      provide: KEY_ROTATION_GRACE,
      inject: [GatewayConfig],
      useFactory: (config: GatewayConfig) => config.keyRotationGraceHours * 3600 * 1000,
    },
    ProjectDirectory,
    ProjectChanges,
    CreateProjectUseCase,
    GetProjectUseCase,
    UpdateProjectUseCase,
    RotateProjectKeysUseCase,
  ],
  exports: [
    ProjectStore,
    ProjectDirectory,
    CreateProjectUseCase,
    GetProjectUseCase,
    UpdateProjectUseCase,
    RotateProjectKeysUseCase,
  ],
})
export class ProjectModule {}
