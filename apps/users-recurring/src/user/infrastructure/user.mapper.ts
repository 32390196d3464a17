import type { User } from '../domain/user';

/** A raw `users` row (snake_case, as `SELECT *` returns it). */
export interface UserRow {
  id: string;
  project_id: number;
  identifier: string;
  display_name: string | null;
  email: string | null;
  phone: string | null;
  locale: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
}

export const UserMapper = {
  toDomain(row: UserRow): User {
    return {
      id: String(row.id),
      projectId: row.project_id,
      identifier: row.identifier,
      displayName: row.display_name,
      email: row.email,
      phone: row.phone,
      locale: row.locale,
      ip: row.ip,
      userAgent: row.user_agent,
      createdAt: row.created_at,
    };
  },
};
