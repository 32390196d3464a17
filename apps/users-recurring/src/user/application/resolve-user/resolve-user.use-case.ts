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
import type { NewUser, User } from '../../domain/user';
import { UserStore } from '../user.store';

/** What `prepare` found for a user of a unit of work; `created` goes to its first resolve only. */
interface Prepared {
  user?: User;
  created: boolean;
}

const keyOf = (projectId: number, identifier: string) => `${projectId}\u0000${identifier}`;

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
  /** Per unit of work: the users `prepare` resolved in it, by project and identifier. */
  private readonly prepared = new WeakMap<UnitOfWork, Map<string, Prepared>>();

  constructor(
    private readonly users: UserStore,
    private readonly outbox: OutboxWriter,
  ) {}

  /**
   * Resolves, in one statement, the users that commands about to run in this unit of work name
   * (ADR 0054); `execute` then answers each from what was found. A user asked for before in this
   * unit of work is not asked again. Rolled back with the unit of work, since the memo is keyed by it.
   */
  async prepare(work: UnitOfWork, commands: readonly ResolveUserV1[]): Promise<void> {
    let memo = this.prepared.get(work);
    if (!memo) this.prepared.set(work, (memo = new Map<string, Prepared>()));
    const asked = new Map<string, NewUser>();
    for (const command of commands) {
      const key = keyOf(command.projectId, command.identifier);
      if (!memo.has(key) && !asked.has(key)) asked.set(key, newUserOf(command));
    }
    if (asked.size === 0) return;
    for (const key of asked.keys()) memo.set(key, { created: false });
    for (const found of await this.users.addManyIfAbsent(work, [...asked.values()])) {
      memo.set(keyOf(found.user.projectId, found.user.identifier), found);
    }
  }

  /** Whether `prepare` ran in this unit of work. */
  hasPrepared(work: UnitOfWork): boolean {
    return this.prepared.has(work);
  }

  async execute(
    work: UnitOfWork,
    command: ResolveUserV1,
    correlationId?: string,
  ): Promise<Reply<ResolveUserResultV1>> {
    const { user, created } = await this.resolve(work, command);
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

  /** From what `prepare` found (its creation told once), or by a statement of its own. */
  private async resolve(
    work: UnitOfWork,
    command: ResolveUserV1,
  ): Promise<{ user: User; created: boolean }> {
    const found = this.prepared.get(work)?.get(keyOf(command.projectId, command.identifier));
    if (found?.user) {
      const { user, created } = found;
      found.created = false;
      return { user, created };
    }
    // Not prepared, or inserted by a concurrent transaction after prepare's snapshot was taken.
    return this.users.addIfAbsent(work, newUserOf(command));
  }
}
