import { BaseRpcContext } from '@nestjs/microservices';
import type { MessageEnvelope } from '@opp/contracts';
import type { TraceHeaders } from '@opp/observability';

type ContextArgs = [
  envelope: MessageEnvelope,
  tx: unknown,
  topic: string,
  partition: number,
  trace?: TraceHeaders,
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
   * The trace context the message came with (its producer's), for work it leaves behind that must
   * join its trace when a run of messages was handled in one call (`OnMessages`).
   */
  get trace(): TraceHeaders | undefined {
    return this.args[4];
  }
}
