import { Injectable } from '@nestjs/common';
import type { UserCreatedV1 } from '@opp/contracts';
import { UserDirectory } from './user-directory';

/** Applies a user event of users-recurring to the local read model. */
@Injectable()
export class RecordUserUseCase {
  constructor(private readonly users: UserDirectory) {}

  execute(event: UserCreatedV1): Promise<void> {
    return this.users.record({
      id: event.id,
      projectId: event.projectId,
      identifier: event.identifier,
      displayName: event.displayName ?? null,
      email: event.email ?? null,
      phone: event.phone ?? null,
      locale: event.locale ?? null,
      ip: event.ip ?? null,
      createdAt: new Date(event.createdAt),
    });
  }
}
