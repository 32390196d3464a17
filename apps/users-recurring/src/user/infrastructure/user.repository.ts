import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import type { NewUser, User } from '../domain/user';
import { UserMapper } from './user.mapper';
import { UserOrmEntity } from './user.orm-entity';

@Injectable()
export class UserRepository {
  /**
   * Inserts the user unless the project already has one with this identifier. Concurrent calls for
   * one identifier serialize on the unique key: exactly one inserts, the others find its row.
   */
  async insertIfAbsent(
    tx: EntityManager,
    user: NewUser,
  ): Promise<{ user: User; created: boolean }> {
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
    const row = await tx.findOneByOrFail(UserOrmEntity, {
      projectId: user.projectId,
      identifier: user.identifier,
    });
    return { user: UserMapper.toDomain(row), created: inserted.length > 0 };
  }

  /** Several users of one project by internal id (ids that cannot exist are skipped). */
  async findOfProject(
    tx: EntityManager,
    projectId: number,
    ids: readonly string[],
  ): Promise<User[]> {
    const valid = ids.filter((id) => /^\d{1,18}$/.test(id));
    if (valid.length === 0) return [];
    const rows = await tx.findBy(UserOrmEntity, { projectId, id: In(valid) });
    return rows.map((row) => UserMapper.toDomain(row));
  }
}
