import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Project } from '../../domain/project';
import { ProjectRepository } from '../../infrastructure/project.repository';

@Injectable()
export class GetProjectUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projects: ProjectRepository,
  ) {}

  execute(id: number): Promise<Project | null> {
    return this.projects.findById(this.dataSource.manager, id);
  }
}
