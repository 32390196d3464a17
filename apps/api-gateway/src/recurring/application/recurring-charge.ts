import { Injectable } from '@nestjs/common';
import {
  ProcessRecurringChargeV1Request,
  ReserveRecurringChargeV1Request,
  type ProcessRecurringChargeV1,
  type TransactionRecordV1,
} from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { ChargeUserResolver } from '../../card/application/charge-user.resolver';
import { answerOrThrow } from '../../requests/answer-or-throw';
import { GatewayRequestClient } from '../../requests/request-client.provider';

/** What a recurring charge takes from the merchant besides the user. */
export type RecurringChargeFields = Pick<
  ProcessRecurringChargeV1,
  'price' | 'currency' | 'orderId' | 'description' | 'attributes'
>;

/**
 * POST /card/processRecurring (ADR 0012): the user (40406), then users-recurring applies the
 * subscription's rules and hands out its card (40405, 40310, 40311, 40502), then payments charges
 * that card without 3-D Secure (40503 when it cannot). One signed request is one idempotency
 * key in both services, so a retry is neither "too frequent" nor charged twice.
 */
@Injectable()
export class RecurringCharge {
  constructor(
    private readonly requests: GatewayRequestClient,
    private readonly users: ChargeUserResolver,
  ) {}

  async charge(
    projectId: number,
    userId: string,
    fields: RecurringChargeFields,
    idempotencyKey: string,
  ): Promise<TransactionRecordV1> {
    const correlationId = currentCorrelationId();
    const user = await this.users.snapshot(projectId, { kind: 'id', userId });
    const key = `${projectId}:${userId}`;
    const grant = answerOrThrow(
      await this.requests.request(
        ReserveRecurringChargeV1Request,
        { projectId, userId, idempotencyKey },
        { key, correlationId },
      ),
    );
    const reply = await this.requests.request(
      ProcessRecurringChargeV1Request,
      {
        ...fields,
        idempotencyKey,
        projectId,
        user,
        permanentTokenId: grant.permanentTokenId,
        referenceId: grant.subscriptionTransactionId,
      },
      { key, correlationId },
    );
    return answerOrThrow(reply);
  }
}
