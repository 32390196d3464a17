import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { MerchantSecretsCipher } from '../../merchant-secrets/infrastructure/merchant-secrets-cipher';
import { ProjectStore, type NewProject } from '../application/project.store';
import type { Project } from '../domain/project';
import { PROJECT_COLUMNS, ProjectMapper, type ProjectRow } from './project.mapper';

/** The `projects` table in typed SQL (ADR 0031). */
@Injectable()
export class ProjectRepository extends ProjectStore {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(MerchantSecretsCipher) private readonly cipher: MerchantSecretsCipher,
  ) {
    super();
  }

  async add(work: UnitOfWork, project: NewProject): Promise<Project> {
    const rows: ProjectRow[] = await entityManagerOf(work).query(
      `INSERT INTO projects (${PROJECT_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10) RETURNING *`,
      await ProjectMapper.toValues(project, this.cipher),
    );
    return ProjectMapper.toDomain(rows[0], this.cipher);
  }

  async update(work: UnitOfWork, project: Project): Promise<Project> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [ProjectRow[], number] = await entityManagerOf(work).query(
      `UPDATE projects SET (${PROJECT_COLUMNS}, updated_at)
         = ($2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, now())
       WHERE id = $1 RETURNING *`,
      [project.id, ...(await ProjectMapper.toValues(project, this.cipher))],
    );
    return ProjectMapper.toDomain(rows[0], this.cipher);
  }

  lockById(work: UnitOfWork, id: number): Promise<Project | null> {
    return this.one(work, `SELECT * FROM projects WHERE id = $1 FOR UPDATE`, [id]);
  }

  byId(id: number, work?: UnitOfWork): Promise<Project | null> {
    return this.one(work, `SELECT * FROM projects WHERE id = $1`, [id]);
  }

  byPublicKey(publicKey: string): Promise<Project | null> {
    return this.one(undefined, `SELECT * FROM projects WHERE public_key = $1`, [publicKey]);
  }

  private async one(
    work: UnitOfWork | undefined,
    sql: string,
    parameters: unknown[],
  ): Promise<Project | null> {
    const connection = work ? entityManagerOf(work) : this.dataSource.manager;
    const rows: ProjectRow[] = await connection.query(sql, parameters);
    return rows[0] ? ProjectMapper.toDomain(rows[0], this.cipher) : null;
  }
}
