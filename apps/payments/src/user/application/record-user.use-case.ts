import { Injectable } from '@nestjs/common';
import type { UserCreatedV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { UserDirectory } from './user-directory';

/** Applies a user event of users-recurring to the local read model. */
@Injectable()
export class RecordUserUseCase {
  constructor(private readonly users: UserDirectory) {}

  execute(work: UnitOfWork, event: UserCreatedV1): Promise<void> {
    return this.users.record(work, {
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
