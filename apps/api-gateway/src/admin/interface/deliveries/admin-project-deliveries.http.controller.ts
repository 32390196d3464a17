import { Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  GetDeliveryV1Request,
  ReplayDeliveryV1Request,
  ResendDeadDeliveriesV1Request,
  TraceDeliveriesV1Request,
} from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { currentCorrelationId } from '@opp/observability';
import { ApiDoc } from '../../../http/interface/openapi/api-doc.decorator';
import { answerOrThrow } from '../../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../../requests/application/request-client.provider';
import { TraceDocs } from '../../../trace/interface/trace.openapi';
import {
  oneOf,
  pathInt,
  pathUuid,
  positiveInt,
  text,
  type QueryParams,
} from '../../../trace/interface/trace-query.params';
import { AdminController } from '../admin-controller.decorator';

/**
 * A project's delivery log with every attempt, one delivery resent, and every dead one resent at
 * once (a dry run lists what would be sent): the ADR 0010 deliveries of the notifier, as the money
 * trace shows them (ADR 0066).
 */
@AdminController('admin/v1')
export class AdminProjectDeliveriesHttpController {
  constructor(private readonly requests: GatewayRequestClient) {}

  @Get('projects/:id/deliveries')
  @ApiDoc(TraceDocs.projectDeliveries)
  async list(@Param('id') id: string, @Query() query: QueryParams) {
    const projectId = pathInt(id, 'project');
    const status = oneOf(query, 'status', ['pending', 'delivered', 'dead'] as const);
    const cursor = text(query, 'cursor', 200);
    const reply = await this.requests.request(
      TraceDeliveriesV1Request,
      {
        projectId,
        limit: positiveInt(query, 'limit', 100) ?? 20,
        ...(status ? { status } : {}),
        ...(cursor ? { cursor } : {}),
      },
      { key: String(projectId), correlationId: currentCorrelationId() },
    );
    return answerOrThrow(reply);
  }

  @Post('deliveries/:id/resend')
  @ApiDoc(TraceDocs.resend)
  @HttpCode(202)
  async resend(@Param('id') id: string) {
    const deliveryId = pathUuid(id, 'delivery');
    const options = { key: deliveryId, correlationId: currentCorrelationId() };
    answerOrThrow(
      await this.requests.request(ReplayDeliveryV1Request, { id: deliveryId }, options),
    );
    return answerOrThrow(
      await this.requests.request(GetDeliveryV1Request, { id: deliveryId }, options),
    );
  }

  @Post('projects/:id/deliveries/resend-dead')
  @ApiDoc(TraceDocs.resendDead)
  @HttpCode(200)
  async resendDead(@Param('id') id: string, @Query() query: QueryParams) {
    const projectId = pathInt(id, 'project');
    const dryRunText = oneOf(query, 'dryRun', ['true', 'false'] as const) ?? 'true';
    if (!dryRunText) throw ApiError.of(ErrorCode.InvalidParameter, 'dryRun');
    const reply = await this.requests.request(
      ResendDeadDeliveriesV1Request,
      { projectId, dryRun: dryRunText === 'true' },
      { key: String(projectId), correlationId: currentCorrelationId() },
    );
    return answerOrThrow(reply);
  }
}
