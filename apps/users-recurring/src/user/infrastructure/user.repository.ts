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

/**
 * ADD_IF_ABSENT for many users (ADR 0054), inserted in the order given, each answered by the insert
 * or by the row there is. As with one statement per user, two runs inserting the same new users in
 * opposite orders can deadlock: PostgreSQL fails one, whose messages then apply alone (ADR 0038).
 */
const ADD_MANY_IF_ABSENT = `
  WITH input AS (
    SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
      $7::text[], $8::text[]) WITH ORDINALITY
      AS i(project_id, identifier, display_name, email, phone, locale, ip, user_agent, ord)
  ), inserted AS (
    INSERT INTO users (project_id, identifier, display_name, email, phone, locale, ip, user_agent)
    SELECT project_id, identifier, display_name, email, phone, locale, ip, user_agent
    FROM input ORDER BY ord
    ON CONFLICT (project_id, identifier) DO NOTHING RETURNING *
  )
  SELECT *, true AS created FROM inserted
  UNION ALL
  SELECT u.*, false AS created FROM users u
  JOIN input i ON u.project_id = i.project_id AND u.identifier = i.identifier`;

/** Users in typed SQL (ADR 0031). */
@Injectable()
export class UserRepository extends UserStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /**
   * One statement (ADR 0043): the insert, or the row there is. The one case it answers no row: a
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

  async addManyIfAbsent(
    work: UnitOfWork,
    users: readonly NewUser[],
  ): Promise<{ user: User; created: boolean }[]> {
    if (users.length === 0) return [];
    const column = <K extends keyof NewUser>(key: K) => users.map((user) => user[key]);
    const rows: (UserRow & { created: boolean })[] = await entityManagerOf(work).query(
      ADD_MANY_IF_ABSENT,
      [
        column('projectId'),
        column('identifier'),
        column('displayName'),
        column('email'),
        column('phone'),
        column('locale'),
        column('ip'),
        column('userAgent'),
      ],
    );
    return rows.map((row) => ({ user: UserMapper.toDomain(row), created: row.created }));
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
