import { Inject, Injectable } from '@nestjs/common';
import { KeyRing } from '@opp/crypto';
import { OutboxWriter } from '@opp/outbox';
import { TransactionRunner } from '@opp/persistence';
import {
  DEFAULT_PROJECT_SETTINGS,
  withSettings,
  type Project,
  type ProjectSettings,
} from '../../domain/project';
import { newProjectKeys } from '../../domain/project-keys';
import { RegisteredUrlCheck } from '../../../destinations/application/registered-url-check';
import { projectSnapshotMessages } from '../project-snapshot';
import { ProjectStore } from '../project.store';

export interface CreateProjectCommand {
  name: string;
  callbackUrl?: string | null;
  baseCurrency?: string;
  settings?: Partial<ProjectSettings>;
}

@Injectable()
export class CreateProjectUseCase {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly projects: ProjectStore,
    private readonly outbox: OutboxWriter,
    @Inject(KeyRing) private readonly ring: KeyRing,
    private readonly urls: RegisteredUrlCheck,
  ) {}

  async execute(command: CreateProjectCommand): Promise<Project> {
    await this.urls.assertAllowed('callbackUrl', command.callbackUrl);
    return this.transactions.run(async (work) => {
      const project = await this.projects.add(work, {
        name: command.name,
        ...newProjectKeys(),
        previousPrivateKey: null,
        previousKeyExpiresAt: null,
        callbackUrl: command.callbackUrl ?? null,
        baseCurrency: command.baseCurrency ?? 'EUR',
        settings: withSettings(DEFAULT_PROJECT_SETTINGS, command.settings),
        version: 1,
      });
      await this.outbox.add(work, projectSnapshotMessages(project, this.ring));
      return project;
    });
  }
}
