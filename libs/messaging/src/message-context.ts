import { BaseRpcContext } from '@nestjs/microservices';
import type { MessageEnvelope } from '@opp/contracts';

type ContextArgs = [
  envelope: MessageEnvelope,
  tx: unknown,
  topic: string,
  partition: number,
  ahead?: () => readonly unknown[],
];

/** What a Kafka handler gets besides its validated payload: the envelope and the inbox transaction. */
export class MessageContext extends BaseRpcContext<ContextArgs> {
  get envelope(): MessageEnvelope {
    return this.args[0];
  }

  /** The transaction the inbox opened: write every effect through it (and the outbox too). */
  transaction<Tx>(): Tx {
    if (this.args[1] === undefined)
      throw new Error('This handler runs without an inbox transaction');
    return this.args[1] as Tx;
  }

  get topic(): string {
    return this.args[2];
  }

  get partition(): number {
    return this.args[3];
  }

  /**
   * This message's payload and those of the messages after it in the same inbox transaction that
   * go to this handler and will apply, up to the first one for another handler (ADR 0054): a
   * handler may prepare all their effects in one statement on the first call. Each message is still
   * handled in a call of its own, in order; outside a batch, only this message's.
   */
  ahead<T>(): readonly T[] {
    return (this.args[4]?.() ?? []) as readonly T[];
  }
}
