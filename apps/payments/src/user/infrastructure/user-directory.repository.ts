import { Injectable } from '@nestjs/common';
import type { ChargeUserRefV1, UserSnapshotV1 } from '@opp/contracts';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { UserDirectory } from '../application/user-directory';
import type { KnownUser } from '../domain/known-user';

@Injectable()
export class UserDirectoryRepository extends UserDirectory {
  async record(work: UnitOfWork, user: KnownUser): Promise<void> {
    await entityManagerOf(work).query(
      `INSERT INTO users_read_model (id, project_id, identifier, display_name, email, phone, locale,
         ip, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (id) DO UPDATE SET project_id = EXCLUDED.project_id,
         identifier = EXCLUDED.identifier, display_name = EXCLUDED.display_name,
         email = EXCLUDED.email, phone = EXCLUDED.phone, locale = EXCLUDED.locale, ip = EXCLUDED.ip,
         created_at = EXCLUDED.created_at`,
      [
        user.id,
        user.projectId,
        user.identifier,
        user.displayName,
        user.email,
        user.phone,
        user.locale,
        user.ip,
        user.createdAt,
      ],
    );
  }

  async payer(
    work: UnitOfWork,
    projectId: number,
    ref: ChargeUserRefV1,
  ): Promise<UserSnapshotV1 | null> {
    const { resolve } = ref;
    if (resolve) {
      const rows: { id: string }[] = await entityManagerOf(work).query(
        `SELECT id FROM users_read_model WHERE project_id = $1 AND identifier = $2`,
        [projectId, resolve.identifier],
      );
      if (rows.length === 0) return null;
      return {
        id: rows[0].id,
        identifier: resolve.identifier,
        displayName: resolve.displayName ?? null,
        email: resolve.email ?? null,
        phone: resolve.phone ?? null,
        ip: resolve.ip,
        locale: resolve.locale ?? null,
      };
    }
    const rows: UserRow[] = await entityManagerOf(work).query(
      `SELECT id, identifier, display_name, email, phone, ip, locale FROM users_read_model
        WHERE id = $1 AND project_id = $2`,
      [ref.userId, projectId],
    );
    if (rows.length === 0) return null;
    const [row] = rows;
    return {
      id: row.id,
      identifier: row.identifier,
      displayName: row.display_name,
      email: row.email,
      phone: row.phone,
      ip: row.ip,
      locale: row.locale,
    };
  }
}

interface UserRow {
  id: string;
  identifier: string;
  display_name: string | null;
  email: string | null;
  phone: string | null;
  ip: string | null;
  locale: string | null;
}
