import { Injectable } from '@nestjs/common';
import {
  replyError,
  replyOk,
  type GetUserV1,
  type Reply,
  type UserSnapshotV1,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { UnitOfWork } from '@opp/persistence';
import { UserStore } from '../user.store';

/** A project's user by internal id, as the User object of the spec; another project's is unknown. */
@Injectable()
export class GetUserUseCase {
  constructor(private readonly users: UserStore) {}

  /** Without a unit of work: a read outside any transaction (the GetUser request). */
  async execute(query: GetUserV1, work?: UnitOfWork): Promise<Reply<UserSnapshotV1>> {
    const user = await this.users.findOfProject(query.projectId, query.userId, work);
    if (!user) return replyError(ErrorCode.UserNotFound, 'User missing');
    return replyOk({
      id: user.id,
      identifier: user.identifier,
      displayName: user.displayName,
      email: user.email,
      phone: user.phone,
      ip: user.ip,
      locale: user.locale,
    });
  }
}
