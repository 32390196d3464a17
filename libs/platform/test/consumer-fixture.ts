import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, Payload } from '@nestjs/microservices';
import { DataSource, type DataSourceOptions } from 'typeorm';
import {
  allTopics,
  replyOk,
  ResolveUserV1Request,
  UserCreatedV1Message,
  type ResolveUserV1,
  type UserCreatedV1,
} from '@opp/contracts';
import { createTopics } from '@opp/local-stack';
import {
  KafkaConnection,
  KafkaTransport,
  MessageContext,
  MessageProducer,
  newEnvelope,
  OnMessage,
  OnRequest,
  RpcErrorPassThroughFilter,
} from '@opp/messaging';
import { TypeormInbox } from '@opp/outbox';
import { eventually, freshTestDatabase, suitePrefixes, testBrokers } from '@opp/testing';

/** A record as a probe consumer saw it on a topic. */
export interface ProbedRecord {
  key: string;
  value: string;
  headers: Record<string, string>;
}

/** How a fixture applies a message, by the identifier it carries, in its inbox transaction. */
export type ApplyMessage = (context: MessageContext, identifier: string) => Promise<void>;

export interface ConsumerFixtureOptions {
  /** Names the fixture's topics and database. */
  suite: string;
  /** What the handlers of `user.created` events and `users.resolve` requests do. */
  apply: ApplyMessage;
  /** The DataSource of the fixture's fresh database, given its URL. */
  dataSource: (url: string) => DataSourceOptions;
  group: string;
  /** Messages in one inbox transaction at most (the transport's default when absent). */
  batchSize?: number;
}

export interface ConsumerFixture {
  connection: KafkaConnection;
  producer: MessageProducer;
  dataSource: DataSource;
  databaseUrl: string;
  /** What arrives on a physical topic, from its beginning: the array fills as it arrives. */
  probe<T = ProbedRecord>(physicalTopic: string, read?: (record: ProbedRecord) => T): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * A consumer service in miniature, on the real broker and a fresh database of its own: the Kafka
 * transport with the PostgreSQL inbox (the retries shortened), its handlers applying each message
 * with `options.apply`.
 */
export async function startConsumerFixture(
  options: ConsumerFixtureOptions,
): Promise<ConsumerFixture> {
  const { suite } = options;
  const { topicPrefix, dbPrefix } = suitePrefixes(suite);
  const brokers = testBrokers();
  const databaseUrl = await freshTestDatabase(`${dbPrefix}db`);
  await createTopics(brokers, allTopics, { prefix: topicPrefix });
  const dataSource = new DataSource(options.dataSource(databaseUrl));
  await dataSource.initialize();
  await dataSource.runMigrations();
  const connection = new KafkaConnection({ brokers: [brokers], clientId: suite, topicPrefix });
  const producer = new MessageProducer(connection);
  const transport = new KafkaTransport({
    connection,
    producer,
    group: options.group,
    inbox: new TypeormInbox(dataSource),
    retry: { attempts: 3, initialDelayMs: 10, maxDelayMs: 50 },
    batchSize: options.batchSize,
  });
  const app: INestMicroservice = await NestFactory.createMicroservice(handlersOf(options.apply), {
    strategy: transport,
    logger: false,
  });
  app.useGlobalFilters(new RpcErrorPassThroughFilter());
  await app.listen();
  await eventually(() => transport.ready, 'transport to fetch');
  const probes: Consumer[] = [];
  return {
    connection,
    producer,
    dataSource,
    databaseUrl,
    async probe<T = ProbedRecord>(physicalTopic: string, read?: (record: ProbedRecord) => T) {
      const received: T[] = [];
      const consumer = connection.kafka.consumer({ groupId: `probe-${randomUUID()}` });
      probes.push(consumer);
      await consumer.connect();
      await consumer.subscribe({ topic: physicalTopic, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          const headers = Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]),
          );
          const record = { key: String(message.key), value: String(message.value), headers };
          received.push(read ? read(record) : (record as T));
        },
      });
      return received;
    },
    async close() {
      await Promise.all(probes.map((consumer) => consumer.disconnect()));
      await app.close();
      await producer.disconnect();
      await dataSource.destroy();
    },
  };
}

/** A module of the two handlers, each applying its message with `apply`. */
function handlersOf(apply: ApplyMessage) {
  @Controller()
  class FixtureHandlers {
    @OnMessage(UserCreatedV1Message)
    userCreated(@Payload() event: UserCreatedV1, @Ctx() context: MessageContext) {
      return apply(context, event.identifier);
    }

    @OnRequest(ResolveUserV1Request)
    async resolve(@Payload() command: ResolveUserV1, @Ctx() context: MessageContext) {
      await apply(context, command.identifier);
      return replyOk({ id: `id-of-${command.identifier}`, created: true });
    }
  }

  @Module({ controllers: [FixtureHandlers] })
  class FixtureModule {}
  return FixtureModule;
}

/** A `user.created` event of `identifier` (the fixtures' handlers record its identifier). */
export const userCreatedEnvelope = (identifier: string, key = identifier) =>
  newEnvelope(UserCreatedV1Message, key, {
    id: identifier,
    projectId: 1,
    identifier,
    createdAt: new Date().toISOString(),
  });
