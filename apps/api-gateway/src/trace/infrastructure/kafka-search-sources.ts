import { Injectable } from '@nestjs/common';
import {
  SearchProcessingV1Request,
  SearchTransactionsV1Request,
  type Reply,
  type SearchProcessingV1,
  type SearchTransactionsV1,
  type TraceSearchPage,
} from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { GatewayConfig } from '../../config/gateway.config';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { TraceSearchSources } from '../application/search-sources';
import { TRACE_PART_TIMEOUT_MS } from './kafka-trace-parts';

/** The admin search's services over the gateway's request/reply client, as a trace's parts. */
@Injectable()
export class KafkaTraceSearchSources extends TraceSearchSources {
  private readonly timeoutMs: number;

  constructor(
    private readonly requests: GatewayRequestClient,
    config: GatewayConfig,
  ) {
    super();
    this.timeoutMs = Math.min(config.requestTimeoutMs, TRACE_PART_TIMEOUT_MS);
  }

  transactions(query: SearchTransactionsV1): Promise<Reply<TraceSearchPage>> {
    return this.requests.request(SearchTransactionsV1Request, query, this.options(query));
  }

  processing(query: SearchProcessingV1): Promise<Reply<TraceSearchPage>> {
    return this.requests.request(SearchProcessingV1Request, query, this.options(query));
  }

  private options(query: { projectId?: number }) {
    return {
      key: String(query.projectId ?? 'search'),
      correlationId: currentCorrelationId(),
      timeoutMs: this.timeoutMs,
    };
  }
}
