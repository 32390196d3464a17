import { Injectable } from '@nestjs/common';
import type { Project } from '../../domain/project';
import { ProjectStore } from '../project.store';

@Injectable()
export class GetProjectUseCase {
  constructor(private readonly projects: ProjectStore) {}

  execute(id: number): Promise<Project | null> {
    return this.projects.byId(id);
  }
}
