import { Client } from 'pg';
import type { Consumer } from 'kafkajs';
import {
  TaskResultV1Message,
  type AnyDefinition,
  type TransactionStatusChangedV1,
  type MessageEnvelope,
  type PayloadOf,
  type TaskResultV1,
} from '@opp/contracts';
import type { Stack } from '@opp/local-stack';
import { KafkaConnection, MessageProducer, newEnvelope } from '@opp/messaging';
import { eventually } from '@opp/testing';

/** What the notifier's integration tests share: publish as another service would, read its database. */
export class NotifierTestKit {
  readonly connection: KafkaConnection;
  readonly producer: MessageProducer;
  private readonly results: TaskResultV1[] = [];
  private consumer?: Consumer;

  constructor(private readonly stack: Stack) {
    this.connection = new KafkaConnection({
      brokers: stack.brokers.split(','),
      clientId: 'notifier-test',
      topicPrefix: stack.topicPrefix,
    });
    this.producer = new MessageProducer(this.connection);
  }

  /** Publishes one message on its contract's topic; returns the envelope sent. */
  async publish<D extends AnyDefinition>(
    definition: D,
    key: string,
    payload: PayloadOf<D>,
    envelope?: MessageEnvelope<PayloadOf<D>>,
  ): Promise<MessageEnvelope<PayloadOf<D>>> {
    const sent = envelope ?? newEnvelope(definition, key, payload);
    await this.producer.publish([{ topic: definition.topic, envelope: sent }]);
    return sent;
  }

  /** Publishes messages of one contract in one producer call, so they arrive in one fetch. */
  async publishAll<D extends AnyDefinition>(
    definition: D,
    messages: readonly { key: string; payload: PayloadOf<D> }[],
  ): Promise<MessageEnvelope<PayloadOf<D>>[]> {
    const sent = messages.map(({ key, payload }) => newEnvelope(definition, key, payload));
    await this.producer.publish(sent.map((envelope) => ({ topic: definition.topic, envelope })));
    return sent;
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const db = new Client({ connectionString: this.stack.databaseUrls.notifier });
    await db.connect();
    try {
      return (await db.query(sql, params)).rows as T[];
    } finally {
      await db.end();
    }
  }

  /** The notifier learns projects and partners from the gateway's snapshots: wait for them. */
  async waitForProject(id: number, withCallbackUrl?: string): Promise<void> {
    await eventually(async () => {
      const rows = await this.query<{ callback_url: string | null }>(
        'SELECT callback_url FROM project_snapshots WHERE id = $1',
        [id],
      );
      return (
        rows.length === 1 &&
        (withCallbackUrl === undefined || rows[0].callback_url === withCallbackUrl)
      );
    }, `project ${id} in the notifier`);
  }

  async waitForPartner(identifier: string): Promise<void> {
    await eventually(
      async () =>
        (await this.query('SELECT 1 FROM partner_snapshots WHERE identifier = $1', [identifier]))
          .length === 1,
      `partner ${identifier} in the notifier`,
    );
  }

  /** Reads the task results topic (the orchestrator's input) from the beginning. */
  async readTaskResults(): Promise<void> {
    this.consumer = this.connection.kafka.consumer({
      groupId: this.connection.prefix + 'notifier-test-results',
      maxWaitTimeInMs: 200,
    });
    await this.consumer.connect();
    await this.consumer.subscribe({
      topic: this.connection.topicName(TaskResultV1Message.topic),
      fromBeginning: true,
    });
    await this.consumer.run({
      eachMessage: async ({ message }) => {
        const envelope = JSON.parse(message.value?.toString() ?? '{}') as MessageEnvelope;
        if (envelope.type === TaskResultV1Message.type) {
          this.results.push(envelope.payload as TaskResultV1);
        }
        return Promise.resolve();
      },
    });
  }

  resultsOf(taskId: string): TaskResultV1[] {
    return this.results.filter((r) => r.taskId === taskId);
  }

  async waitForResult(taskId: string, count = 1): Promise<TaskResultV1[]> {
    await eventually(() => this.resultsOf(taskId).length >= count, `result of task ${taskId}`);
    return this.resultsOf(taskId);
  }

  async close(): Promise<void> {
    await this.consumer?.disconnect().catch(() => undefined);
    await this.producer.disconnect().catch(() => undefined);
  }
}

/** A completed sandbox card payment's status event, as payments publishes it; fields overridable. */
export function completedPaymentChange(
  projectId: number,
  transactionId: number,
  fields: Partial<TransactionStatusChangedV1> = {},
): TransactionStatusChangedV1 {
  return {
    transactionId,
    projectId,
    userId: '501',
    orderId: 'order-1',
    referenceId: null,
    type: 'payment',
    status: 'completed',
    callbackStatus: 'completed',
    reason: null,
    amount: '1000.00',
    price: '10.0000',
    deposit: '10.0000',
    earned: '9.6000',
    vatRate: '0.0000',
    vatAmount: '0.0000',
    currency: 'EUR',
    sandbox: true,
    attributes: {},
    changedAt: new Date().toISOString(),
    ...fields,
  };
}
