import type {
  Reply,
  SearchProcessingV1,
  SearchTransactionsV1,
  TraceSearchPage,
} from '@opp/contracts';

/**
 * Port: the services that answer the admin search from their own records, each over its request
 * topic (ADR 0066). Each call rejects when the service does not answer in time.
 */
export abstract class TraceSearchSources {
  /** Payments' transactions, newest first; the cursor is the last transaction id seen. */
  abstract transactions(query: SearchTransactionsV1): Promise<Reply<TraceSearchPage>>;
  /** The orchestrator's processing requests, newest first; the cursor is `<createdAt>_<id>`. */
  abstract processing(query: SearchProcessingV1): Promise<Reply<TraceSearchPage>>;
}
