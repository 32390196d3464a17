import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  replyError,
  replyOk,
  type GetUserV1,
  type Reply,
  type UserSnapshotV1,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { UserOrmEntity } from '../../infrastructure/user.orm-entity';

/** A project's user by internal id, as the User object of the spec; another project's is unknown. */
@Injectable()
export class GetUserUseCase {
  async execute(tx: EntityManager, query: GetUserV1): Promise<Reply<UserSnapshotV1>> {
    const user = /^\d{1,18}$/.test(query.userId)
      ? await tx.findOneBy(UserOrmEntity, { id: query.userId, projectId: query.projectId })
      : null;
    if (!user) return replyError(ErrorCode.UserNotFound, 'User missing');
    return replyOk({
      id: String(user.id),
      identifier: user.identifier,
      displayName: user.displayName,
      email: user.email,
      phone: user.phone,
      ip: user.ip,
      locale: user.locale,
    });
  }
}
