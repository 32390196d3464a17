import { Injectable } from '@nestjs/common';
import { withSettings, type Project, type ProjectSettings } from '../../domain/project';
import { RegisteredUrlCheck } from '../../../destinations/application/registered-url-check';
import { ProjectChanges } from '../project-changes';

export interface UpdateProjectCommand {
  id: number;
  name?: string;
  callbackUrl?: string | null;
  settings?: Partial<ProjectSettings>;
}

@Injectable()
export class UpdateProjectUseCase {
  constructor(
    private readonly projects: ProjectChanges,
    private readonly urls: RegisteredUrlCheck,
  ) {}

  /** Returns null when the project does not exist. */
  async execute(command: UpdateProjectCommand): Promise<Project | null> {
    await this.urls.assertAllowed('callbackUrl', command.callbackUrl);
    return this.projects.change(command.id, (current) => ({
      name: command.name ?? current.name,
      callbackUrl: command.callbackUrl === undefined ? current.callbackUrl : command.callbackUrl,
      settings: withSettings(current.settings, command.settings),
    }));
  }
}
