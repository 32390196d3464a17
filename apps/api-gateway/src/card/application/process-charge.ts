import { Injectable } from '@nestjs/common';
import {
  ProcessChargeV1Request,
  type ChargeUserRefV1,
  type ProcessChargeV1,
  type Reply,
  type TransactionRecordV1,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { currentCorrelationId } from '@opp/observability';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { ChargeUserResolver, type ChargeUserRef } from './charge-user.resolver';

export type ChargeCommand = Omit<ProcessChargeV1, 'user' | 'userRef'>;

/**
 * POST /v1/card/process in one hop (ADR 0065): payments finds who pays in its users read model.
 * Only a user that read model does not know yet (a first charge right after the user was created,
 * or a User object never seen) costs the old second hop: users-recurring resolves the user, and the
 * charge goes again with the User object. The idempotency key is the same, so it is one charge.
 */
@Injectable()
export class ProcessCharge {
  constructor(
    private readonly requests: GatewayRequestClient,
    private readonly users: ChargeUserResolver,
  ) {}

  async execute(ref: ChargeUserRef, command: ChargeCommand): Promise<TransactionRecordV1> {
    const userRef: ChargeUserRefV1 =
      ref.kind === 'id' ? { userId: ref.userId } : { resolve: ref.resolve };
    const payer = ref.kind === 'id' ? ref.userId : ref.resolve.identifier;
    const first = await this.send({ ...command, userRef }, payer);
    if (first.ok || first.error.code !== ErrorCode.UserNotFound) return answerOrThrow(first);
    const user = await this.users.snapshot(command.projectId, ref);
    return answerOrThrow(await this.send({ ...command, user }, user.id));
  }

  private send(command: ProcessChargeV1, payer: string): Promise<Reply<TransactionRecordV1>> {
    return this.requests.request(ProcessChargeV1Request, command, {
      key: command.cardToken ?? `${command.projectId}:${payer}`,
      correlationId: currentCorrelationId(),
    });
  }
}
