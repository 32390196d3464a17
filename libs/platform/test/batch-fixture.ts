import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { UserCreatedV1Message } from '@opp/contracts';
import type { MessageContext } from '@opp/messaging';
import { outboxMigrations, OutboxWriter } from '@opp/outbox';
import { freshSqlLog, StatementLog, statementLogger } from '@opp/testing';
import { startConsumerFixture, type ConsumerFixture } from './consumer-fixture';

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

export interface Applied {
  what: string;
  xid: string;
}

export interface BatchFixture extends Pick<ConsumerFixture, 'connection' | 'producer' | 'close'> {
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
}

/** A consumer service in miniature on the real broker and database: the transport, the inbox. */
export async function startBatchFixture(suite: string, batchSize: number): Promise<BatchFixture> {
  const logFile = freshSqlLog(suite);
  const fixture = await startConsumerFixture({
    suite,
    apply: record,
    group: 'batch-fixture',
    batchSize,
    dataSource: (url) => ({
      type: 'postgres',
      url,
      migrations: [...outboxMigrations, BatchEffects1763700009998],
      logger: statementLogger(logFile),
    }),
  });
  const { connection, producer, dataSource } = fixture;
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
    probe: (physicalTopic) => fixture.probe(physicalTopic),
    close: () => fixture.close(),
  };
}
