import { Injectable } from '@nestjs/common';
import {
  SearchProcessingV1Request,
  SearchTransactionsV1Request,
  type Reply,
  type SearchProcessingV1,
  type SearchTransactionsV1,
  type TraceSearchPage,
} from '@opp/contracts';
import { GatewayConfig } from '../../config/gateway.config';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { TraceSearchSources } from '../application/search-sources';
import { traceRequestOptions } from './kafka-trace-parts';

/** The admin search's services over the gateway's request/reply client, as a trace's parts. */
@Injectable()
export class KafkaTraceSearchSources extends TraceSearchSources {
  constructor(
    private readonly requests: GatewayRequestClient,
    private readonly config: GatewayConfig,
  ) {
    super();
  }

  transactions(query: SearchTransactionsV1): Promise<Reply<TraceSearchPage>> {
    return this.requests.request(SearchTransactionsV1Request, query, this.options(query));
  }

  processing(query: SearchProcessingV1): Promise<Reply<TraceSearchPage>> {
    return this.requests.request(SearchProcessingV1Request, query, this.options(query));
  }

  private options(query: { projectId?: number }) {
    return traceRequestOptions(this.config, String(query.projectId ?? 'search'));
  }
}
