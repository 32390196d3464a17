import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
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
import {
  createTopics,
  databaseUrl,
  dropDatabases,
  ensureDatabases,
  findRepoRoot,
  localDir,
} from '@opp/local-stack';
import {
  KafkaConnection,
  KafkaTransport,
  MessageContext,
  MessageProducer,
  OnMessage,
  OnRequest,
  RpcErrorPassThroughFilter,
} from '@opp/messaging';
import {
  eventually,
  StatementLog,
  statementLogger,
  suitePrefixes,
  suiteSlug,
  testBrokers,
  testDatabaseAdminUrl,
} from '@opp/testing';
import { outboxMigrations } from '../src/outbox-migrations';
import { OutboxWriter } from '../src/outbox-writer';
import { TypeormInbox } from '../src/typeorm-inbox';

/**
 * Every application leaves a row in `effects` with its transaction id, in the order applied.
 * `deferred_checks` fails a transaction at COMMIT only: its unique key is checked then.
 */
class BatchEffects1763700009998 implements MigrationInterface {
  name = 'BatchEffects1763700009998';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE effects (
      seq bigserial PRIMARY KEY, message_id uuid NOT NULL, what text NOT NULL, xid bigint NOT NULL)`);
    await q.query(`CREATE TABLE deferred_checks (
      what text NOT NULL UNIQUE DEFERRABLE INITIALLY DEFERRED)`);
    await q.query(`INSERT INTO deferred_checks (what) VALUES ('taken')`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE effects, deferred_checks`);
  }
}

/** A handler's try: which message, in which transaction. */
export interface Attempt {
  what: string;
  xid: string;
}

const attempts: Attempt[] = [];

async function record(context: MessageContext, what: string): Promise<void> {
  const tx = context.transaction<EntityManager>();
  const [{ xid }] = await tx.query<[{ xid: string }]>(`SELECT txid_current()::text AS xid`);
  attempts.push({ what, xid });
  // Poison: fails in its handler. Deferred: fails only when its transaction commits.
  if (what.startsWith('poison')) throw new Error(`cannot apply ${what}`);
  if (what.startsWith('deferred')) {
    await tx.query(`INSERT INTO deferred_checks (what) VALUES ('taken')`);
  }
  await tx.query(`INSERT INTO effects (message_id, what, xid) VALUES ($1, $2, $3)`, [
    context.envelope.id,
    what,
    xid,
  ]);
  // What the application announces, through the outbox. The fixture runs no relay: the table holds
  // what one would send, so a row of a rolled-back try would show there.
  await outbox.add(tx, [
    {
      definition: UserCreatedV1Message,
      key: `announced-${what}`,
      payload: { id: what, projectId: 1, identifier: what, createdAt: new Date().toISOString() },
    },
  ]);
}

const outbox = new OutboxWriter();

@Controller()
class BatchHandlers {
  @OnMessage(UserCreatedV1Message)
  userCreated(@Payload() event: UserCreatedV1, @Ctx() context: MessageContext) {
    return record(context, event.identifier);
  }

  @OnRequest(ResolveUserV1Request)
  async resolve(@Payload() command: ResolveUserV1, @Ctx() context: MessageContext) {
    await record(context, command.identifier);
    return replyOk({ id: `id-of-${command.identifier}`, created: true });
  }
}

@Module({ controllers: [BatchHandlers] })
class BatchModule {}

export interface Applied {
  what: string;
  xid: string;
}

export interface BatchFixture {
  connection: KafkaConnection;
  producer: MessageProducer;
  /** Every SQL statement the consumer's DataSource sends (its TypeORM log at debug level). */
  statements: StatementLog;
  /** Every handler try so far, failed ones too. */
  attempts: readonly Attempt[];
  /** What was committed, in the order applied. */
  applied(prefix: string): Promise<Applied[]>;
  /** The outbox rows committed for the messages whose identifier starts with `prefix`, in seq order. */
  announced(prefix: string): Promise<string[]>;
  /** Raw values arriving on a physical topic from its beginning: the array fills as they come. */
  probe(physicalTopic: string): Promise<{ value: string; headers: Record<string, string> }[]>;
  close(): Promise<void>;
}

/** A consumer service in miniature on the real broker and database: the transport, the inbox. */
export async function startBatchFixture(suite: string, batchSize: number): Promise<BatchFixture> {
  const { topicPrefix, dbPrefix } = suitePrefixes(suite);
  const brokers = testBrokers();
  const adminUrl = testDatabaseAdminUrl();
  const database = `${dbPrefix}db`;
  await dropDatabases(adminUrl, [database]);
  await ensureDatabases(adminUrl, [database]);
  await createTopics(brokers, allTopics, { prefix: topicPrefix });
  const logFile = path.join(localDir(findRepoRoot(), 'logs', 'test', suiteSlug(suite)), 'sql.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.writeFileSync(logFile, '');
  const dataSource = new DataSource({
    type: 'postgres',
    url: databaseUrl(adminUrl, database),
    migrations: [...outboxMigrations, BatchEffects1763700009998],
    logger: statementLogger(logFile),
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  const connection = new KafkaConnection({ brokers: [brokers], clientId: suite, topicPrefix });
  const producer = new MessageProducer(connection);
  const transport = new KafkaTransport({
    connection,
    producer,
    group: 'batch-fixture',
    inbox: new TypeormInbox(dataSource),
    retry: { attempts: 3, initialDelayMs: 10, maxDelayMs: 50 },
    batchSize,
  });
  const app: INestMicroservice = await NestFactory.createMicroservice(BatchModule, {
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
    attempts,
    statements: new StatementLog(logFile),
    announced: async (prefix) =>
      (
        await dataSource.query<{ what: string }[]>(
          `SELECT envelope->'payload'->>'identifier' AS what FROM outbox_messages
           WHERE envelope->'payload'->>'identifier' LIKE $1 || '%' ORDER BY seq`,
          [prefix],
        )
      ).map((row) => row.what),
    applied: (prefix) =>
      dataSource.query<Applied[]>(
        `SELECT what, xid::text AS xid FROM effects WHERE what LIKE $1 || '%' ORDER BY seq`,
        [prefix],
      ),
    async probe(physicalTopic) {
      const received: { value: string; headers: Record<string, string> }[] = [];
      const consumer = connection.kafka.consumer({ groupId: `probe-${randomUUID()}` });
      probes.push(consumer);
      await consumer.connect();
      await consumer.subscribe({ topic: physicalTopic, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          const headers = Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]),
          );
          received.push({ value: String(message.value), headers });
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
