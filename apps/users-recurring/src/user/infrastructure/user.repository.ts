import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { UserStore } from '../application/user.store';
import type { NewUser, User } from '../domain/user';
import { UserMapper, type UserRow } from './user.mapper';

/** Ids are bigint: anything else cannot be a user's id and is not looked up. */
const isUserId = (id: string) => /^\d{1,18}$/.test(id);

/** Users in typed SQL (ADR 0031). */
@Injectable()
export class UserRepository extends UserStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /** Concurrent calls for one identifier serialize on the unique key; the others find its row. */
  async addIfAbsent(work: UnitOfWork, user: NewUser): Promise<{ user: User; created: boolean }> {
    const tx = entityManagerOf(work);
    const inserted: unknown[] = await tx.query(
      `INSERT INTO users (project_id, identifier, display_name, email, phone, locale, ip, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (project_id, identifier) DO NOTHING RETURNING id`,
      [
        user.projectId,
        user.identifier,
        user.displayName,
        user.email,
        user.phone,
        user.locale,
        user.ip,
        user.userAgent,
      ],
    );
    const [row]: UserRow[] = await tx.query(
      `SELECT * FROM users WHERE project_id = $1 AND identifier = $2`,
      [user.projectId, user.identifier],
    );
    return { user: UserMapper.toDomain(row), created: inserted.length > 0 };
  }

  async findOfProject(projectId: number, id: string, work?: UnitOfWork): Promise<User | null> {
    if (!isUserId(id)) return null;
    const manager = work ? entityManagerOf(work) : this.dataSource.manager;
    const rows: UserRow[] = await manager.query(
      `SELECT * FROM users WHERE id = $1 AND project_id = $2`,
      [id, projectId],
    );
    return rows[0] ? UserMapper.toDomain(rows[0]) : null;
  }

  async findManyOfProject(
    work: UnitOfWork,
    projectId: number,
    ids: readonly string[],
  ): Promise<User[]> {
    const valid = ids.filter(isUserId);
    if (valid.length === 0) return [];
    const rows: UserRow[] = await entityManagerOf(work).query(
      `SELECT * FROM users WHERE project_id = $1 AND id = ANY($2::bigint[])`,
      [projectId, valid],
    );
    return rows.map((row) => UserMapper.toDomain(row));
  }
}
