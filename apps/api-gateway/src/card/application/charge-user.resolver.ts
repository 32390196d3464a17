import { Injectable } from '@nestjs/common';
import {
  GetUserV1Request,
  ResolveUserV1Request,
  type ResolveUserV1,
  type UserSnapshotV1,
} from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';

/** Who pays: an internal user id (looked up), or a User object (resolved, created once). */
export type ChargeUserRef =
  { kind: 'id'; userId: string } | { kind: 'object'; resolve: ResolveUserV1 };

/**
 * The User object a charge carries: looked up by internal id in users-recurring (404 40406 when
 * unknown), or resolved from a User object (created once) and described by the fields sent.
 */
@Injectable()
export class ChargeUserResolver {
  constructor(private readonly requests: GatewayRequestClient) {}

  async snapshot(projectId: number, ref: ChargeUserRef): Promise<UserSnapshotV1> {
    if (ref.kind === 'id') {
      const reply = await this.requests.request(
        GetUserV1Request,
        { projectId, userId: ref.userId },
        { key: `${projectId}:${ref.userId}`, correlationId: currentCorrelationId() },
      );
      return answerOrThrow(reply);
    }
    const command = ref.resolve;
    const reply = await this.requests.request(ResolveUserV1Request, command, {
      key: `${projectId}:${command.identifier}`,
      correlationId: currentCorrelationId(),
    });
    const { id } = answerOrThrow(reply);
    return {
      id,
      identifier: command.identifier,
      displayName: command.displayName ?? null,
      email: command.email ?? null,
      phone: command.phone ?? null,
      ip: command.ip,
      locale: command.locale ?? null,
    };
  }
}
