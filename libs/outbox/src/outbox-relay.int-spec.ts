import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createTopics, databaseUrl, dropDatabases, ensureDatabases } from '@opp/local-stack';
import { KafkaConnection, MessageProducer } from '@opp/messaging';
import { eventually, suitePrefixes, testBrokers, testDatabaseAdminUrl } from '@opp/testing';
import type { MessageDefinition, TopicDefinition } from '@opp/contracts';
import { CLAIM_BATCH, OutboxRelay, RELAY_LOCK } from './outbox-relay';
import { outboxMigrations } from './outbox-migrations';
import { insertOutboxRows } from './outbox-rows';
import { OutboxWriter } from './outbox-writer';

const { topicPrefix, dbPrefix } = suitePrefixes('outbox relay');
const database = `${dbPrefix}relay`;
const adminUrl = testDatabaseAdminUrl();
const url = databaseUrl(adminUrl, database);
const TOPIC = 'relay-test';
const SMALL_TOPIC = 'relay-test-small';

/** A message of the test topic, as a use case adds it through OutboxWriter. */
const testMessage = {
  kind: 'message',
  type: 'test.v1',
  topic: { name: TOPIC, kind: 'events' } as unknown as TopicDefinition,
  schema: Object,
} as unknown as MessageDefinition<{ i: number }>;

/** Rows as OutboxWriter writes them (the writer itself is unit-tested); `bytes` pads the envelope. */
async function insertMessages(db: Client, topic: string, keys: string[], bytes = 0) {
  for (const [i, key] of keys.entries()) {
    const id = randomUUID();
    const envelope = {
      id,
      type: 'test.v1',
      key,
      occurredAt: new Date().toISOString(),
      payload: { i, pad: 'x'.repeat(bytes) },
    };
    await db.query(
      `INSERT INTO outbox_messages (message_id, topic, message_key, message_type, envelope)
       VALUES ($1, $2, $3, 'test.v1', $4::jsonb)`,
      [id, topic, key, JSON.stringify(envelope)],
    );
  }
}

describe('OutboxRelay against PostgreSQL and Kafka', () => {
  let dataSource: DataSource;
  let db: Client;
  const kafka = new Kafka({
    clientId: 'relay-test',
    brokers: testBrokers().split(','),
    logLevel: logLevel.NOTHING,
  });
  const connection = new KafkaConnection({
    brokers: testBrokers().split(','),
    clientId: 'relay-test',
    topicPrefix,
  });
  const producers: MessageProducer[] = [];
  const relays: OutboxRelay[] = [];
  let consumer: Consumer;
  const received: { key: string; i: number }[] = [];

  const relay = (maxAttempts = 10) => {
    const producer = new MessageProducer(connection);
    producers.push(producer);
    const r = new OutboxRelay(dataSource, producer, {
      databaseUrl: url,
      maxAttempts,
      safetyPollMs: 200,
    });
    relays.push(r);
    return r;
  };

  beforeAll(async () => {
    await dropDatabases(adminUrl, [database]);
    await ensureDatabases(adminUrl, [database]);
    dataSource = new DataSource({
      type: 'postgres',
      url,
      migrations: outboxMigrations,
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
    db = new Client({ connectionString: url });
    await db.connect();
    // Leaders are awaited by the project's helper: kafkajs's own wait fails on a metadata race.
    await createTopics(
      testBrokers(),
      [
        { name: TOPIC, partitions: 3 },
        // The broker refuses a message over 2 KB here: a poison message, not an outage.
        { name: SMALL_TOPIC, partitions: 1, config: { 'max.message.bytes': '2048' } },
      ],
      { prefix: topicPrefix },
    );
    consumer = kafka.consumer({ groupId: `${topicPrefix}reader` });
    await consumer.connect();
    await consumer.subscribe({
      topics: [`${topicPrefix}${TOPIC}`, `${topicPrefix}${SMALL_TOPIC}`],
      fromBeginning: true,
    });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const envelope = JSON.parse(message.value!.toString()) as {
          key: string;
          payload: { i: number };
        };
        received.push({ key: envelope.key, i: envelope.payload.i });
      },
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(relays.map((r) => r.stop()));
    await Promise.all(producers.map((p) => p.disconnect().catch(() => undefined)));
    await consumer?.disconnect();
    await db?.end();
    await dataSource?.destroy();
    await dropDatabases(adminUrl, [database]);
  }, 60_000);

  beforeEach(async () => {
    received.length = 0;
    await db.query('DELETE FROM outbox_messages');
  });

  it('a replica without the relay lock claims nothing and locks no row', async () => {
    await insertMessages(db, TOPIC, ['a', 'b', 'c']);
    const holder = new Client({ connectionString: url });
    const other = new Client({ connectionString: url });
    const observer = new Client({ connectionString: url });
    await Promise.all([holder.connect(), other.connect(), observer.connect()]);
    const unlocked = async () =>
      (await observer.query('SELECT seq FROM outbox_messages FOR UPDATE SKIP LOCKED')).rows.length;
    try {
      // Another replica is sending: it holds the lock.
      await holder.query('SELECT pg_advisory_lock($1)', [RELAY_LOCK]);
      await other.query('BEGIN');
      const claimed = await other.query(CLAIM_BATCH, [500, 10, RELAY_LOCK]);
      expect(claimed.rows).toEqual([]);
      // Had it locked rows, the sender would skip them and send later messages first.
      expect(await unlocked()).toBe(3);
      await other.query('ROLLBACK');

      // The lock free again: the claim takes every row (the control of the check above).
      await holder.query('SELECT pg_advisory_unlock($1)', [RELAY_LOCK]);
      await other.query('BEGIN');
      expect((await other.query(CLAIM_BATCH, [500, 10, RELAY_LOCK])).rows).toHaveLength(3);
      expect(await unlocked()).toBe(0);
      await other.query('ROLLBACK');
    } finally {
      await Promise.all([holder.end(), other.end(), observer.end()]);
    }
  });

  it('two replicas send every message once, each key in the order it was written', async () => {
    const keys = Array.from({ length: 300 }, (_, i) => `k${i % 7}`);
    await Promise.all([relay().start(), relay().start()]);
    await insertMessages(db, TOPIC, keys);
    relays.forEach((r) => r.wake());
    await eventually(() => received.length >= 300, 'every message received', 60_000);
    expect(received).toHaveLength(300);
    // Per key, the payload index (the write order) only grows.
    for (const key of new Set(keys)) {
      const order = received.filter((m) => m.key === key).map((m) => m.i);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    expect(new Set(received.map((m) => m.i)).size).toBe(300);
    expect((await db.query('SELECT count(*)::int AS n FROM outbox_messages')).rows[0].n).toBe(0);
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  }, 90_000);

  it('sets a message the broker refuses aside after its attempts and sends the others', async () => {
    await insertMessages(db, SMALL_TOPIC, ['p'], 0);
    await insertMessages(db, SMALL_TOPIC, ['p'], 4000);
    await insertMessages(db, SMALL_TOPIC, ['p'], 0);
    const r = relay(2);
    await r.start();
    r.wake();
    await eventually(
      async () =>
        (await db.query('SELECT 1 FROM outbox_messages WHERE attempts < 2')).rows.length === 0,
      'the good messages sent and the poison one set aside',
      60_000,
    );
    expect(received.map((m) => m.i)).toEqual([0, 0]);
    const { rows } = await db.query<{ attempts: number; last_error: string }>(
      'SELECT attempts, last_error FROM outbox_messages',
    );
    expect(rows).toEqual([{ attempts: 2, last_error: expect.any(String) }]);
    await Promise.all(relays.splice(0).map((x) => x.stop()));
  }, 90_000);

  /** ADR 0065: a committed transaction's rows are sent by their writer, not claimed by the relay. */
  describe('rows sent by their writer after the commit', () => {
    const writer = new OutboxWriter();
    const count = async () =>
      (await db.query('SELECT count(*)::int AS n FROM outbox_messages')).rows[0].n as number;

    it('go out at once, in order, while another replica holds the relay lock, and are deleted', async () => {
      const r = relay();
      await r.start();
      const holder = new Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [RELAY_LOCK]); // the relay claims nothing
        for (let t = 0; t < 5; t++) {
          await dataSource.transaction((tx) =>
            writer.add(tx, [
              { definition: testMessage, key: 'w', payload: { i: 2 * t } },
              { definition: testMessage, key: 'w', payload: { i: 2 * t + 1 } },
            ]),
          );
        }
        await eventually(() => received.length >= 10, 'the committed rows received', 30_000);
        expect(received.map((m) => m.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        await eventually(async () => (await count()) === 0, 'the sent rows deleted', 30_000);
      } finally {
        await holder.end();
        await Promise.all(relays.splice(0).map((x) => x.stop()));
      }
    }, 60_000);

    it("of a writer that died after its commit are the relay's once their hold runs out", async () => {
      // Committed with a hold, and nobody to send them: the writer's process is gone.
      await dataSource.transaction((tx) =>
        insertOutboxRows(
          tx,
          [0, 1].map((i) => [
            randomUUID(),
            TOPIC,
            'dead',
            'test.v1',
            JSON.stringify({ id: randomUUID(), type: 'test.v1', key: 'dead', payload: { i } }),
            null,
            null,
            null,
          ]),
          60_000,
        ),
      );
      const other = new Client({ connectionString: url });
      await other.connect();
      try {
        await other.query('BEGIN');
        expect((await other.query(CLAIM_BATCH, [500, 10, RELAY_LOCK])).rows).toEqual([]);
        await other.query('ROLLBACK');
      } finally {
        await other.end();
      }
      const r = relay();
      await r.start();
      await db.query(`UPDATE outbox_messages SET held_until = now() - interval '1 s'`);
      r.wake();
      await eventually(() => received.length >= 2, 'the held rows sent by the relay', 30_000);
      expect(received).toEqual([
        { key: 'dead', i: 0 },
        { key: 'dead', i: 1 },
      ]);
      expect(await count()).toBe(0);
      await Promise.all(relays.splice(0).map((x) => x.stop()));
    }, 60_000);
  });
});
