import { Injectable } from '@nestjs/common';
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
}
