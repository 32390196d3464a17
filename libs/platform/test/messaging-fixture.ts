import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, Payload } from '@nestjs/microservices';
import { DataSource, type EntityManager, type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  allTopics,
  replyOk,
  ResolveUserV1Request,
  UserCreatedV1Message,
  type ResolveUserV1,
  type UserCreatedV1,
} from '@opp/contracts';
import { createTopics, databaseUrl, dropDatabases, ensureDatabases } from '@opp/local-stack';
import {
  KafkaConnection,
  KafkaTransport,
  MessageContext,
  MessageProducer,
  OnMessage,
  OnRequest,
  RpcErrorPassThroughFilter,
} from '@opp/messaging';
import { serviceDataSourceOptions } from '@opp/persistence';
import { eventually, suitePrefixes, testBrokers, testDatabaseAdminUrl } from '@opp/testing';
import { TypeormInbox } from '@opp/outbox';

/** Every application of a message leaves one row here, so a test can count applications. */
class CreateEffects1763700009999 implements MigrationInterface {
  name = 'CreateEffects1763700009999';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE effects (message_id uuid NOT NULL, what text NOT NULL)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE effects`);
  }
}

@Controller()
class FixtureHandlers {
  @OnMessage(UserCreatedV1Message)
  async userCreated(@Payload() event: UserCreatedV1, @Ctx() context: MessageContext) {
    if (event.identifier.startsWith('poison')) throw new Error(`cannot apply ${event.identifier}`);
    await context
      .transaction<EntityManager>()
      .query(`INSERT INTO effects (message_id, what) VALUES ($1, $2)`, [
        context.envelope.id,
        event.identifier,
      ]);
  }

  @OnRequest(ResolveUserV1Request)
  async resolve(@Payload() command: ResolveUserV1, @Ctx() context: MessageContext) {
    await context
      .transaction<EntityManager>()
      .query(`INSERT INTO effects (message_id, what) VALUES ($1, $2)`, [
        context.envelope.id,
        command.identifier,
      ]);
    return replyOk({ id: `id-of-${command.identifier}`, created: true });
  }
}

@Module({ controllers: [FixtureHandlers] })
class FixtureModule {}

/** A record as a probe consumer saw it on a topic. */
export interface ProbedRecord {
  key: string;
  value: string;
  headers: Record<string, string>;
}

export interface MessagingFixture {
  connection: KafkaConnection;
  producer: MessageProducer;
  dataSource: DataSource;
  databaseUrl: string;
  effects(what: string): Promise<number>;
  /** What arrives on a topic (contract name), from its beginning: the array fills as it arrives. */
  probe<T = ProbedRecord>(topic: string, read?: (record: ProbedRecord) => T): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * A consumer service in miniature, on the real broker and a real database: the Kafka transport
 * with the PostgreSQL inbox and handlers that record each application.
 */
export async function startMessagingFixture(suite: string): Promise<MessagingFixture> {
  const { topicPrefix, dbPrefix } = suitePrefixes(suite);
  const brokers = testBrokers();
  const adminUrl = testDatabaseAdminUrl();
  const database = `${dbPrefix}db`;
  await dropDatabases(adminUrl, [database]);
  await ensureDatabases(adminUrl, [database]);
  await createTopics(brokers, allTopics, { prefix: topicPrefix });
  const url = databaseUrl(adminUrl, database);
  const dataSource = new DataSource(
    serviceDataSourceOptions({
      service: suite,
      url,
      entities: [],
      migrations: [CreateEffects1763700009999],
    }),
  );
  await dataSource.initialize();
  await dataSource.runMigrations();
  const connection = new KafkaConnection({ brokers: [brokers], clientId: suite, topicPrefix });
  const producer = new MessageProducer(connection);
  const transport = new KafkaTransport({
    connection,
    producer,
    group: 'fixture',
    inbox: new TypeormInbox(dataSource),
    retry: { attempts: 3, initialDelayMs: 10, maxDelayMs: 50 },
  });
  const app: INestMicroservice = await NestFactory.createMicroservice(FixtureModule, {
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
    databaseUrl: url,
    async effects(what) {
      const [{ count }] = await dataSource.query<[{ count: number }]>(
        `SELECT count(*)::int AS count FROM effects WHERE what = $1`,
        [what],
      );
      return count;
    },
    async probe<T = ProbedRecord>(topic: string, read?: (record: ProbedRecord) => T) {
      const received: T[] = [];
      const consumer = connection.kafka.consumer({ groupId: `probe-${randomUUID()}` });
      probes.push(consumer);
      await consumer.connect();
      await consumer.subscribe({ topic: connection.topicName(topic), fromBeginning: true });
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
