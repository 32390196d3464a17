import { Controller, Get, Param, Query, UseFilters, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BalanceHistoryV1Request, TRACE_SEARCH_MAX, type MoneyTrace } from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { currentCorrelationId } from '@opp/observability';
import { AdminExceptionFilter } from '../../admin/interface/admin-exception.filter';
import { AdminTokenGuard } from '../../admin/interface/admin-token.guard';
import { ApiDoc } from '../../http/interface/openapi/api-doc.decorator';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { AssembleTraceUseCase, type TraceRoot } from '../application/assemble-trace.use-case';
import { SEARCH_CURSOR_MAX, SEARCH_KINDS } from '../application/search-cursor';
import { SearchTraceUseCase } from '../application/search-trace.use-case';
import { TraceDocs } from './trace.openapi';
import {
  decimal,
  globalIdPrefix,
  isoDate,
  oneOf,
  pathInt,
  pathUuid,
  positiveInt,
  text,
  type QueryParams,
} from './trace-query.params';

/**
 * The money trace of the admin API (ADR 0066): one ordered timeline of a transaction, an order or
 * a processing request, a search to find transactions and processing requests, and a project's
 * balance day by day.
 */
@ApiTags('admin')
@UseGuards(AdminTokenGuard)
@UseFilters(AdminExceptionFilter)
@Controller('admin/v1')
export class AdminTraceHttpController {
  constructor(
    private readonly assemble: AssembleTraceUseCase,
    private readonly searchTrace: SearchTraceUseCase,
    private readonly requests: GatewayRequestClient,
  ) {}

  @Get('trace/transactions/:id')
  @ApiDoc(TraceDocs.transaction)
  transaction(@Param('id') id: string) {
    return this.trace({ kind: 'transaction', id: pathInt(id, 'transaction') }, `transaction ${id}`);
  }

  @Get('trace/orders/:projectId/:orderId')
  @ApiDoc(TraceDocs.order)
  order(@Param('projectId') projectId: string, @Param('orderId') orderId: string) {
    if (orderId.length > 64) throw ApiError.of(ErrorCode.ResourceNotFound, `order ${orderId}`);
    return this.trace(
      { kind: 'order', projectId: pathInt(projectId, 'project'), orderId },
      `order ${orderId}`,
    );
  }

  @Get('trace/processing/:globalId')
  @ApiDoc(TraceDocs.processing)
  processing(@Param('globalId') globalId: string) {
    return this.trace(
      { kind: 'processing', globalId: pathUuid(globalId, 'processing request') },
      `processing request ${globalId}`,
    );
  }

  @Get('trace/search')
  @ApiDoc(TraceDocs.search)
  search(@Query() query: QueryParams) {
    return this.searchTrace.execute({
      ...defined('kind', oneOf(query, 'kind', SEARCH_KINDS)),
      ...defined('projectId', positiveInt(query, 'projectId')),
      ...defined('status', text(query, 'status', 32)),
      ...defined('type', text(query, 'type', 32)),
      ...defined('from', isoDate(query, 'from')),
      ...defined('to', isoDate(query, 'to')),
      ...defined('amountMin', decimal(query, 'amountMin')),
      ...defined('amountMax', decimal(query, 'amountMax')),
      ...defined('currency', text(query, 'currency', 3)?.toUpperCase()),
      ...defined('orderIdPrefix', text(query, 'orderIdPrefix', 64)),
      ...defined('email', text(query, 'email', 254)),
      ...defined('partner', text(query, 'partner', 128)),
      ...defined('globalIdPrefix', globalIdPrefix(query, 'globalIdPrefix')),
      ...defined('cursor', text(query, 'cursor', SEARCH_CURSOR_MAX)),
      limit: positiveInt(query, 'limit', TRACE_SEARCH_MAX) ?? 20,
    });
  }

  @Get('projects/:id/balance/history')
  @ApiDoc(TraceDocs.balanceHistory)
  async balanceHistory(@Param('id') id: string, @Query() query: QueryParams) {
    const projectId = pathInt(id, 'project');
    const currency = text(query, 'currency', 3)?.toUpperCase();
    const reply = await this.requests.request(
      BalanceHistoryV1Request,
      { projectId, days: positiveInt(query, 'days', 366) ?? 30, ...defined('currency', currency) },
      { key: String(projectId), correlationId: currentCorrelationId() },
    );
    return answerOrThrow(reply);
  }

  private async trace(root: TraceRoot, what: string): Promise<MoneyTrace> {
    const trace = await this.assemble.execute(root);
    if (!trace) throw ApiError.of(ErrorCode.ResourceNotFound, what);
    return trace;
  }
}

function defined<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
