import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MerchantSecretsCipher } from '../../merchant-secrets/merchant-secrets-cipher';
import type { Project } from '../domain/project';
import { ProjectMapper } from './project.mapper';
import { ProjectOrmEntity } from './project.orm-entity';

@Injectable()
export class ProjectRepository {
  constructor(@Inject(MerchantSecretsCipher) private readonly ring: MerchantSecretsCipher) {}

  async insert(tx: EntityManager, project: Omit<Project, 'id' | 'createdAt' | 'updatedAt'>) {
    const saved = await tx.save(await ProjectMapper.toPersistence(project, this.ring));
    return ProjectMapper.toDomain(saved, this.ring);
  }

  async update(tx: EntityManager, project: Project): Promise<Project> {
    const row = await ProjectMapper.toPersistence(project, this.ring);
    row.id = project.id;
    const saved = await tx.save(row);
    return ProjectMapper.toDomain(
      await tx.findOneByOrFail(ProjectOrmEntity, { id: saved.id }),
      this.ring,
    );
  }

  async findById(tx: EntityManager, id: number, lock = false): Promise<Project | null> {
    const row = await tx.findOne(ProjectOrmEntity, {
      where: { id },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    return row ? await ProjectMapper.toDomain(row, this.ring) : null;
  }

  async findByPublicKey(tx: EntityManager, publicKey: string): Promise<Project | null> {
    const row = await tx.findOneBy(ProjectOrmEntity, { publicKey });
    return row ? await ProjectMapper.toDomain(row, this.ring) : null;
  }
}
