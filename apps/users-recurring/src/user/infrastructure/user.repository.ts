import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { UserStore } from '../application/user.store';
import type { NewUser, User } from '../domain/user';
import { UserMapper, type UserRow } from './user.mapper';

/** Ids are bigint: anything else cannot be a user's id and is not looked up. */
const isUserId = (id: string) => /^\d{1,18}$/.test(id);

/**
 * The user inserted, or the one the project has with this identifier: the outer SELECT reads the
 * statement's snapshot, which does not hold the CTE's insert, so at most one branch answers a row.
 */
const ADD_IF_ABSENT = `
  WITH inserted AS (
    INSERT INTO users (project_id, identifier, display_name, email, phone, locale, ip, user_agent)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    ON CONFLICT (project_id, identifier) DO NOTHING RETURNING *
  )
  SELECT *, true AS created FROM inserted
  UNION ALL
  SELECT *, false AS created FROM users WHERE project_id = $1 AND identifier = $2`;

/** Users in typed SQL (ADR 0031). */
@Injectable()
export class UserRepository extends UserStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /**
   * One statement (ADR 0065): the insert, or the row there is. The one case it answers no row: a
   * concurrent call inserted the identifier after this statement's snapshot was taken and this
   * insert waited on its unique key; a second statement, with a snapshot of its own, finds it.
   */
  async addIfAbsent(work: UnitOfWork, user: NewUser): Promise<{ user: User; created: boolean }> {
    const tx = entityManagerOf(work);
    const [row]: (UserRow & { created: boolean })[] = await tx.query(ADD_IF_ABSENT, [
      user.projectId,
      user.identifier,
      user.displayName,
      user.email,
      user.phone,
      user.locale,
      user.ip,
      user.userAgent,
    ]);
    if (row) return { user: UserMapper.toDomain(row), created: row.created };
    const [raced]: UserRow[] = await tx.query(
      `SELECT * FROM users WHERE project_id = $1 AND identifier = $2`,
      [user.projectId, user.identifier],
    );
    return { user: UserMapper.toDomain(raced), created: false };
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
