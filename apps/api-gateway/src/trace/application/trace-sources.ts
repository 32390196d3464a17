import type { TracePartV1, TraceQueryV1, TraceServiceName, TraceStep } from '@opp/contracts';

/** A service behind the gateway that answers its part of a trace over request/reply. */
export type RemoteTraceService = Exclude<TraceServiceName, 'api-gateway' | 'notifier'>;

/** Port: each service's part of a money trace, asked over Kafka (ADR 0066). */
export abstract class TraceParts {
  /** The service's part; rejects when it does not answer in time or refuses. */
  abstract part(service: RemoteTraceService, query: TraceQueryV1): Promise<TracePartV1>;
  /** The notifier's deliveries filed under these subjects, as a part. */
  abstract deliveries(subjects: string[], projectId?: number): Promise<TracePartV1>;
}

export interface StoredRequestQuery {
  projectId?: number;
  transactionIds: number[];
  orderId?: string;
}

export interface MessageQuery {
  /** Message keys: transaction, payout and GlobalIds. */
  keys: string[];
  /** The correlation ids of the requests traced: the messages they caused carry them. */
  correlationIds: string[];
}

/**
 * Port: the gateway's own records (ADR 0066): the signed requests it answered, and the trace read
 * model of the platform's messages.
 */
export abstract class StoredRequests {
  abstract steps(query: StoredRequestQuery): Promise<TraceStep[]>;
  abstract messages(query: MessageQuery): Promise<TraceStep[]>;
}
