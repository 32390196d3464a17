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
  ): Promise<InboxApplied<T>>;

  /**
   * Runs `run` in one transaction in which the messages `messageIds` apply, each once (ADR 0065):
   * committed when `run` resolves, rolled back whole when it or the commit rejects. The ids are
   * known before any handler runs, so the inbox claims them all at once and records the run's
   * results together before the commit (ADR 0065).
   */
  batch<R>(
    consumer: string,
    messageIds: readonly string[],
    run: (batch: InboxBatch<Tx>) => Promise<R>,
  ): Promise<R>;
}

export interface InboxApplied<T> {
  duplicate: boolean;
  result: T | undefined;
}

/** The messages of one batch transaction. */
export interface InboxBatch<Tx = unknown> {
  /**
   * Applies one of the batch's messages as `InboxPort.once` does, in the batch's transaction: a
   * duplicate (already applied, or earlier in this batch) answers its result without running `work`.
   */
  once<T>(messageId: string, work: (tx: Tx) => Promise<T>): Promise<InboxApplied<T>>;
}
