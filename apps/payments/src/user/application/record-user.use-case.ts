import { Injectable } from '@nestjs/common';
import type { UserCreatedV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { UserDirectory } from './user-directory';

/** Applies a run of user events of users-recurring to the local read model, in their order. */
@Injectable()
export class RecordUserUseCase {
  constructor(private readonly users: UserDirectory) {}

  execute(work: UnitOfWork, events: readonly UserCreatedV1[]): Promise<void> {
    return this.users.recordAll(
      work,
      events.map((event) => ({
        id: event.id,
        projectId: event.projectId,
        identifier: event.identifier,
        displayName: event.displayName ?? null,
        email: event.email ?? null,
        phone: event.phone ?? null,
        locale: event.locale ?? null,
        ip: event.ip ?? null,
        createdAt: new Date(event.createdAt),
      })),
    );
  }
}
