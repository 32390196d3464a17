import { Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { AdminDocs } from '../admin.openapi';
import { ApiDoc } from '../../../http/interface/openapi/api-doc.decorator';
import {
  DELIVERIES_PAGE_DEFAULT,
  DELIVERIES_PAGE_MAX,
  DELIVERY_KINDS,
  DELIVERY_STATUSES,
  ListDeliveriesV1Request,
  ReplayDeliveryV1Request,
  type DeliveryKind,
  type DeliveryStatus,
  type ListDeliveriesV1,
} from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { currentCorrelationId } from '@opp/observability';
import { answerOrThrow } from '../../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../../requests/application/request-client.provider';
import { AdminController } from '../admin-controller.decorator';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type QueryParams = Record<string, unknown>;

/**
 * ADR 0010 deliveries of the notifier (merchant callbacks, partner notifications, messages): list
 * them, and replay a dead one. Newest first; filters `status`, `kind`, `project` (project id).
 */
@AdminController('admin/v1/deliveries')
export class AdminDeliveriesHttpController {
  constructor(private readonly requests: GatewayRequestClient) {}

  @Get()
  @ApiDoc(AdminDocs.listDeliveries)
  async list(@Query() query: QueryParams) {
    const filter = listFilter(query);
    const reply = await this.requests.request(ListDeliveriesV1Request, filter, {
      key: String(filter.projectId ?? 'all'),
      correlationId: currentCorrelationId(),
    });
    return answerOrThrow(reply);
  }

  @Post(':id/replay')
  @ApiDoc(AdminDocs.replayDelivery)
  @HttpCode(200)
  async replay(@Param('id') id: string) {
    if (!UUID.test(id)) throw ApiError.of(ErrorCode.ResourceNotFound, `delivery ${id}`);
    const reply = await this.requests.request(
      ReplayDeliveryV1Request,
      { id: id.toLowerCase() },
      { key: id.toLowerCase(), correlationId: currentCorrelationId() },
    );
    return answerOrThrow(reply);
  }
}

function listFilter(query: QueryParams): ListDeliveriesV1 {
  const status = oneOf(query, 'status', DELIVERY_STATUSES) as DeliveryStatus | undefined;
  const kind = oneOf(query, 'kind', DELIVERY_KINDS) as DeliveryKind | undefined;
  const projectId = positiveInt(query, 'project');
  return {
    ...(status ? { status } : {}),
    ...(kind ? { kind } : {}),
    ...(projectId !== undefined ? { projectId } : {}),
    page: positiveInt(query, 'page') ?? 1,
    limit: Math.min(positiveInt(query, 'limit') ?? DELIVERIES_PAGE_DEFAULT, DELIVERIES_PAGE_MAX),
  };
}

function text(query: QueryParams, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be a single value`);
  }
  return value;
}

function oneOf(query: QueryParams, name: string, allowed: readonly string[]): string | undefined {
  const value = text(query, name);
  if (value !== undefined && !allowed.includes(value)) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be one of ${allowed.join(', ')}`);
  }
  return value;
}

function positiveInt(query: QueryParams, name: string): number | undefined {
  const value = text(query, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be a positive integer`);
  }
  return Number(value);
}
