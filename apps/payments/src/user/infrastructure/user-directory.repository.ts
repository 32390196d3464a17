import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { UserDirectory } from '../application/user-directory';
import type { KnownUser } from '../domain/known-user';

/** One array per column: the same text for any number of users, prepared once (ADR 0065). */
const RECORD_USERS = `INSERT INTO users_read_model (id, project_id, identifier, display_name, email,
    phone, locale, ip, created_at)
  SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
    $7::text[], $8::text[], $9::timestamptz[])
  ON CONFLICT (id) DO UPDATE SET project_id = EXCLUDED.project_id,
    identifier = EXCLUDED.identifier, display_name = EXCLUDED.display_name,
    email = EXCLUDED.email, phone = EXCLUDED.phone, locale = EXCLUDED.locale, ip = EXCLUDED.ip,
    created_at = EXCLUDED.created_at`;

@Injectable()
export class UserDirectoryRepository extends UserDirectory {
  async recordAll(work: UnitOfWork, users: readonly KnownUser[]): Promise<void> {
    // One statement may not touch a row twice: the last word on each user.
    const latest = [...new Map(users.map((user) => [user.id, user])).values()];
    if (latest.length === 0) return;
    const column = <T>(of: (user: KnownUser) => T): T[] => latest.map(of);
    await entityManagerOf(work).query(RECORD_USERS, [
      column((u) => u.id),
      column((u) => u.projectId),
      column((u) => u.identifier),
      column((u) => u.displayName),
      column((u) => u.email),
      column((u) => u.phone),
      column((u) => u.locale),
      column((u) => u.ip),
      column((u) => u.createdAt),
    ]);
  }
}
