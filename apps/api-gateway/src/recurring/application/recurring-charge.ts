import { Inject, Injectable } from '@nestjs/common';
import {
  StartRecurringChargeV1Request,
  type StartRecurringChargeV1,
  type TransactionRecordV1,
} from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { currentCorrelationId } from '@opp/observability';
import { GatewayConfig } from '../../config/gateway.config';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';

/** What a recurring charge takes from the merchant besides the user. */
export type RecurringChargeFields = Pick<
  StartRecurringChargeV1,
  'price' | 'currency' | 'orderId' | 'description' | 'attributes'
>;

/** Pauses before asking for the flow's outcome again: soon at first, then backing off. */
const WAIT_DELAYS_MS = [20, 40, 60, 100, 150, 250];

/**
 * POST /card/processRecurring (ADR 0012) is one command to users-recurring, which owns the
 * recurring charge saga (ADR 0060): it applies the subscription's rules (40406, 40405, 40310,
 * 40311, 40502) and has payments charge (40501, 40503, ...). The gateway keeps no flow state: it
 * sends the same command again (same idempotency key, never a second charge) until the outcome is
 * known, within its answer window; past it, 503, and the merchant's retry answers the outcome.
 */
@Injectable()
export class RecurringCharge {
  constructor(
    private readonly requests: GatewayRequestClient,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  async charge(
    projectId: number,
    userId: string,
    fields: RecurringChargeFields,
    idempotencyKey: string,
  ): Promise<TransactionRecordV1> {
    const correlationId = currentCorrelationId();
    const command: StartRecurringChargeV1 = { ...fields, projectId, userId, idempotencyKey };
    const closesAt = Date.now() + this.config.requestTimeoutMs;
    for (let round = 0; ; round++) {
      const answer = answerOrThrow(
        await this.requests.request(StartRecurringChargeV1Request, command, {
          key: `${projectId}:${userId}`,
          correlationId,
        }),
      );
      if (answer.done) return answer.transaction;
      const left = closesAt - Date.now();
      if (left <= 0) {
        throw ApiError.of(ErrorCode.ServiceUnavailable);
      }
      const pause = WAIT_DELAYS_MS[Math.min(round, WAIT_DELAYS_MS.length - 1)];
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    }
  }
}
