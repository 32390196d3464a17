import { Injectable } from '@nestjs/common';
import {
  replyOk,
  UserCreatedV1Message,
  type Reply,
  type ResolveUserResultV1,
  type ResolveUserV1,
} from '@opp/contracts';
import { OutboxWriter } from '@opp/outbox';
import type { UnitOfWork } from '@opp/persistence';
import type { NewUser } from '../../domain/user';
import { UserStore } from '../user.store';

const newUserOf = (command: ResolveUserV1): NewUser => ({
  projectId: command.projectId,
  identifier: command.identifier,
  displayName: command.displayName ?? null,
  email: command.email ?? null,
  phone: command.phone ?? null,
  locale: command.locale ?? null,
  ip: command.ip ?? null,
  userAgent: command.ua ?? null,
});

/**
 * POST /v1/user/resolve: the same identifier always resolves to the same id. A new user is announced
 * through the outbox in the transaction that creates it.
 */
@Injectable()
export class ResolveUserUseCase {
  constructor(
    private readonly users: UserStore,
    private readonly outbox: OutboxWriter,
  ) {}

  async execute(
    work: UnitOfWork,
    command: ResolveUserV1,
    correlationId?: string,
  ): Promise<Reply<ResolveUserResultV1>> {
    const { user, created } = await this.users.addIfAbsent(work, newUserOf(command));
    if (created) {
      await this.outbox.add(work, [
        {
          definition: UserCreatedV1Message,
          key: user.id,
          payload: {
            id: user.id,
            projectId: user.projectId,
            identifier: user.identifier,
            displayName: user.displayName,
            email: user.email,
            phone: user.phone,
            locale: user.locale,
            ip: user.ip,
            createdAt: user.createdAt.toISOString(),
          },
          options: { correlationId },
        },
      ]);
    }
    return replyOk({ id: user.id, created });
  }
}
