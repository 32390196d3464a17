import type { User } from '../domain/user';
import type { UserOrmEntity } from './user.orm-entity';

export const UserMapper = {
  toDomain(row: UserOrmEntity): User {
    return {
      id: String(row.id),
      projectId: row.projectId,
      identifier: row.identifier,
      displayName: row.displayName,
      email: row.email,
      phone: row.phone,
      locale: row.locale,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: row.createdAt,
    };
  },
};
