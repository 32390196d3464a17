import { Inject, Injectable } from '@nestjs/common';
import { KeyRing } from '@opp/crypto';
import { OutboxWriter } from '@opp/outbox';
import { TransactionRunner } from '@opp/persistence';
import { withSettings, type Project, type ProjectSettings } from '../../domain/project';
import { RegisteredUrlCheck } from '../../../destinations/application/registered-url-check';
import { ProjectDirectory } from '../project-directory';
import { projectSnapshotMessages } from '../project-snapshot';
import { ProjectStore } from '../project.store';

export interface UpdateProjectCommand {
  id: number;
  name?: string;
  callbackUrl?: string | null;
  settings?: Partial<ProjectSettings>;
}

@Injectable()
export class UpdateProjectUseCase {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly projects: ProjectStore,
    private readonly outbox: OutboxWriter,
    private readonly directory: ProjectDirectory,
    @Inject(KeyRing) private readonly ring: KeyRing,
    private readonly urls: RegisteredUrlCheck,
  ) {}

  /** Returns null when the project does not exist. */
  async execute(command: UpdateProjectCommand): Promise<Project | null> {
    await this.urls.assertAllowed('callbackUrl', command.callbackUrl);
    const changed = await this.transactions.run(async (work) => {
      const current = await this.projects.lockById(work, command.id);
      if (!current) return null;
      const updated = await this.projects.update(work, {
        ...current,
        name: command.name ?? current.name,
        callbackUrl: command.callbackUrl === undefined ? current.callbackUrl : command.callbackUrl,
        settings: withSettings(current.settings, command.settings),
        version: current.version + 1,
      });
      await this.outbox.add(work, projectSnapshotMessages(updated, this.ring));
      return updated;
    });
    if (changed) this.directory.evict(changed.publicKey);
    return changed;
  }
}
