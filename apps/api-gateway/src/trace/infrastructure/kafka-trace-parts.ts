import { Injectable } from '@nestjs/common';
import {
  PaymentsTraceV1Request,
  PayoutsTraceV1Request,
  ProcessingTraceV1Request,
  TraceDeliveriesV1Request,
  tracePart,
  UsersTraceV1Request,
  type Reply,
  type TracePartV1,
  type TraceQueryV1,
} from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { GatewayConfig } from '../../config/gateway.config';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { TraceParts, type RemoteTraceService } from '../application/trace-sources';

/** A trace waits this long at most for each part, whatever the request timeout (ADR 0066). */
const TRACE_PART_TIMEOUT_MS = 5_000;

/** How a trace asks a service for its part (or a search page): under the caller's correlation id. */
export function traceRequestOptions(config: GatewayConfig, key: string) {
  return {
    key,
    correlationId: currentCorrelationId(),
    timeoutMs: Math.min(config.requestTimeoutMs, TRACE_PART_TIMEOUT_MS),
  };
}

const REQUESTS = {
  payments: PaymentsTraceV1Request,
  payouts: PayoutsTraceV1Request,
  'users-recurring': UsersTraceV1Request,
  'processing-orchestrator': ProcessingTraceV1Request,
} as const;

/** The parts of a trace over the gateway's request/reply client. */
@Injectable()
export class KafkaTraceParts extends TraceParts {
  constructor(
    private readonly requests: GatewayRequestClient,
    private readonly config: GatewayConfig,
  ) {
    super();
  }

  async part(service: RemoteTraceService, query: TraceQueryV1): Promise<TracePartV1> {
    const key = String(
      query.projectId ?? query.transactionIds?.[0] ?? query.globalIds?.[0] ?? 'trace',
    );
    const reply = await this.requests.request(
      REQUESTS[service],
      query,
      traceRequestOptions(this.config, key),
    );
    return valueOf(reply);
  }

  async deliveries(subjects: string[], projectId?: number): Promise<TracePartV1> {
    const reply = await this.requests.request(
      TraceDeliveriesV1Request,
      { subjects, limit: 100, ...(projectId !== undefined ? { projectId } : {}) },
      traceRequestOptions(this.config, subjects[0] ?? 'trace'),
    );
    const page = valueOf(reply);
    return tracePart({
      steps: page.items.flatMap((delivery) =>
        delivery.attempts.map((attempt, index) => ({
          at: attempt.at,
          service: 'notifier' as const,
          kind: 'delivery' as const,
          title: `${delivery.event} → ${delivery.target}: attempt ${index + 1} ${
            attempt.httpStatus ?? attempt.error ?? 'in flight'
          }${attempt.latencyMs !== null ? ` (${attempt.latencyMs} ms)` : ''}`,
          detail: {
            deliveryId: delivery.id,
            kind: delivery.kind,
            target: delivery.target,
            attempt: index + 1,
            httpStatus: attempt.httpStatus,
            latencyMs: attempt.latencyMs,
            error: attempt.error,
            nextRetryAt: attempt.nextRetryAt,
            deliveryStatus: delivery.status,
            deadLetter: delivery.status === 'dead' && index === delivery.attempts.length - 1,
          },
        })),
      ),
      deliveries: page.items,
    });
  }
}

function valueOf<T>(reply: Reply<T>): T {
  if (reply.ok) return reply.value;
  throw new Error(`${reply.error.code}: ${reply.error.message}`);
}
