import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { KeyRing } from '@opp/crypto';
import { OutboxWriter } from '@opp/outbox';
import { withSettings, type Project, type ProjectSettings } from '../../domain/project';
import { RegisteredUrlCheck } from '../../../destinations/registered-url-check';
import { ProjectRepository } from '../../infrastructure/project.repository';
import { ProjectDirectory } from '../project-directory';
import { projectSnapshotMessage } from '../project-snapshot';

export interface UpdateProjectCommand {
  id: number;
  name?: string;
  callbackUrl?: string | null;
  settings?: Partial<ProjectSettings>;
}

@Injectable()
export class UpdateProjectUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projects: ProjectRepository,
    private readonly outbox: OutboxWriter,
    private readonly directory: ProjectDirectory,
    @Inject(KeyRing) private readonly ring: KeyRing,
    private readonly urls: RegisteredUrlCheck,
  ) {}

  /** Returns null when the project does not exist. */
  async execute(command: UpdateProjectCommand): Promise<Project | null> {
    await this.urls.assertAllowed('callbackUrl', command.callbackUrl);
    const changed = await this.dataSource.transaction(async (tx) => {
      const current = await this.projects.findById(tx, command.id, true);
      if (!current) return null;
      const updated = await this.projects.update(tx, {
        ...current,
        name: command.name ?? current.name,
        callbackUrl: command.callbackUrl === undefined ? current.callbackUrl : command.callbackUrl,
        settings: withSettings(current.settings, command.settings),
        version: current.version + 1,
      });
      await this.outbox.add(tx, [projectSnapshotMessage(updated, this.ring)]);
      return updated;
    });
    if (changed) this.directory.evict(changed.publicKey);
    return changed;
  }
}
