import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import type { MessageContext } from '@opp/messaging';
import { serviceDataSourceOptions } from '@opp/persistence';
import { startConsumerFixture, type ConsumerFixture, type ProbedRecord } from './consumer-fixture';

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

/**
 * One `effects` row for the message being applied, in its inbox transaction; an identifier
 * starting with `poison` fails in its handler instead.
 */
async function recordEffect(context: MessageContext, what: string): Promise<void> {
  if (what.startsWith('poison')) throw new Error(`cannot apply ${what}`);
  await context
    .transaction<EntityManager>()
    .query(`INSERT INTO effects (message_id, what) VALUES ($1, $2)`, [context.envelope.id, what]);
}

export interface MessagingFixture extends Omit<ConsumerFixture, 'probe'> {
  effects(what: string): Promise<number>;
  /** What arrives on a topic (contract name), from its beginning: the array fills as it arrives. */
  probe<T = ProbedRecord>(topic: string, read?: (record: ProbedRecord) => T): Promise<T[]>;
}

/**
 * A consumer service in miniature, on the real broker and a real database: the Kafka transport
 * with the PostgreSQL inbox and handlers that record each application.
 */
export async function startMessagingFixture(suite: string): Promise<MessagingFixture> {
  const fixture = await startConsumerFixture({
    suite,
    apply: recordEffect,
    group: 'fixture',
    dataSource: (url) =>
      serviceDataSourceOptions({
        service: suite,
        url,
        entities: [],
        migrations: [CreateEffects1763700009999],
      }),
  });
  return {
    ...fixture,
    async effects(what) {
      const [{ count }] = await fixture.dataSource.query<[{ count: number }]>(
        `SELECT count(*)::int AS count FROM effects WHERE what = $1`,
        [what],
      );
      return count;
    },
    probe: (topic, read) => fixture.probe(fixture.connection.topicName(topic), read),
  };
}
