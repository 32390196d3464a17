import { Inject, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreatePayoutV1Request, type CreatePayoutV1 } from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { currentCorrelationId } from '@opp/observability';
import { GatewayConfig } from '../../config/gateway.config';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';

/** How often the gateway asks again while payouts' flow waits for its reservation. */
const ASK_AGAIN_MS = 100;

/** The public answer of a payout accepted by its flow. */
export interface CreatedPayout {
  id: number;
  success: true;
  status: 'processing';
}

/**
 * POST /payout (ADR 0060): one command to payouts, which owns the payout's flow and answers its
 * outcome. While the flow waits for payments, the same command is sent again (payouts answers it
 * from the flow, it starts nothing) until the outcome or the gateway's wait is over: then 503, and
 * the merchant's retry of the same signed request answers the flow's real outcome. The gateway
 * keeps no flow state.
 */
@Injectable()
export class CreatePayout {
  constructor(
    private readonly requests: GatewayRequestClient,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  async execute(command: CreatePayoutV1): Promise<CreatedPayout> {
    const correlationId = currentCorrelationId();
    const until = Date.now() + this.config.requestTimeoutMs;
    for (;;) {
      const left = until - Date.now();
      if (left <= 0) throw ApiError.of(ErrorCode.ServiceUnavailable);
      const answer = answerOrThrow(
        await this.requests.request(CreatePayoutV1Request, command, {
          key: command.requestKey,
          correlationId,
          timeoutMs: left,
        }),
      );
      if (answer.state === 'accepted') {
        return { id: answer.id, success: true, status: answer.status };
      }
      await sleep(Math.min(ASK_AGAIN_MS, left));
    }
  }
}
