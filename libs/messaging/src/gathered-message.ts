import type { MessageEnvelope } from '@opp/contracts';

/** One message of an @OnMessages call (ADR 0048). */
export interface GatheredMessage<T> {
  payload: T;
  envelope: MessageEnvelope<T>;
  /**
   * Runs `work` as the handler of this message alone would run: in its correlation id and its
   * consumer span (what the message's effects remember of their origin is read there).
   */
  within: <R>(work: () => Promise<R>) => Promise<R>;
}
