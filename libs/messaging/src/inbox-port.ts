/**
 * What a consumer needs from the inbox: run a message's effects once, in one transaction with the
 * record that it was applied. A message seen again returns what the first run returned (a request's
 * reply is sent again, its effects are not repeated). Implemented by @opp/outbox over PostgreSQL.
 */
export interface InboxPort<Tx = unknown> {
  once<T>(
    consumer: string,
    messageId: string,
    work: (tx: Tx) => Promise<T>,
  ): Promise<{ duplicate: boolean; result: T | undefined }>;
}
