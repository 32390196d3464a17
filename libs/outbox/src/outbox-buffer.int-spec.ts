import * as fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { UserCreatedV1Message } from '@opp/contracts';
import {
  freshSqlLog,
  freshTestDatabase,
  headOf,
  StatementLog,
  statementLogger,
  suitePrefixes,
  transactionsIn,
} from '@opp/testing';
import { sendCommittedRowsWith, type CommittedRowsSender, type WrittenRows } from './outbox-buffer';
import { InboxRun } from './inbox-run';
import { outboxMigrations } from './outbox-migrations';
import { OutboxWriter, type PendingMessage } from './outbox-writer';

const SUITE = 'outbox write-behind';
const { dbPrefix } = suitePrefixes(SUITE);
const database = `${dbPrefix}buffer`;

const message = (key: string): PendingMessage => ({
  definition: UserCreatedV1Message,
  key,
  payload: { id: key, projectId: 1, identifier: key, createdAt: new Date().toISOString() },
});

/** ADR 0065: a transaction's outbox rows are written in one INSERT just before its commit. */
describe('OutboxWriter in a transaction: rows held until the commit (PostgreSQL)', () => {
  let dataSource: DataSource;
  const writer = new OutboxWriter();
  const logFile = freshSqlLog(SUITE);
  const log = new StatementLog(logFile);

  /** Committed rows of keys starting with `prefix`, in `seq` order (the relay's order). */
  const keys = async (prefix: string) =>
    (
      await dataSource.query<{ message_key: string }[]>(
        `SELECT message_key FROM outbox_messages WHERE message_key LIKE $1 || '%' ORDER BY seq`,
        [prefix],
      )
    ).map((row) => row.message_key);

  beforeAll(async () => {
    dataSource = new DataSource({
      type: 'postgres',
      url: await freshTestDatabase(database),
      migrations: outboxMigrations,
      logger: statementLogger(logFile),
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
    await dataSource.query(`CREATE TABLE effects (what text NOT NULL)`);
    // A row the database refuses, to fail the write just before the commit.
    await dataSource.query(
      `ALTER TABLE outbox_messages ADD CONSTRAINT refused CHECK (message_key <> 'refused')`,
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('writes the rows of several adds in one INSERT before the COMMIT, in the order added', async () => {
    const mark = fs.statSync(logFile).size;
    const seenInside = await dataSource.transaction(async (tx) => {
      await writer.add(tx, [message('order-1'), message('order-2')]);
      await writer.add(tx, [message('order-3')]);
      return keys('order-');
    });
    expect(seenInside).toEqual([]); // held, not written yet
    expect(await keys('order-')).toEqual(['order-1', 'order-2', 'order-3']);
    const [transaction] = transactionsIn(log.since(mark));
    expect(transaction.slice(-2).map(headOf)).toEqual(['INSERT INTO outbox_messages', 'COMMIT']);
    expect(transaction.filter((s) => /outbox_messages \(/.test(s.query))).toHaveLength(1);
  });

  describe("with an inbox run's results", () => {
    const resultsOf = async (ids: string[]) =>
      (
        await dataSource.query<{ message_id: string; result: unknown }[]>(
          `SELECT message_id, result FROM inbox_messages WHERE message_id = ANY($1::uuid[])
           ORDER BY result->>'n'`,
          [ids],
        )
      ).map((row) => [row.message_id, row.result]);

    it('stores the results in the statement of the outbox rows, just before the COMMIT', async () => {
      const ids = [randomUUID(), randomUUID()];
      const mark = fs.statSync(logFile).size;
      await dataSource.transaction(async (tx) => {
        const run = await InboxRun.claim(tx, 'buffer-test', ids);
        await run.once(ids[0], async () => {
          await writer.add(tx, [message('with-results-1')]);
          return { n: 1 };
        });
        await run.once(ids[1], async () => ({ n: 2 }));
        await run.recordResults();
      });
      expect(await resultsOf(ids)).toEqual([
        [ids[0], { n: 1 }],
        [ids[1], { n: 2 }],
      ]);
      expect(await keys('with-results-')).toEqual(['with-results-1']);
      const [transaction] = transactionsIn(log.since(mark));
      expect(transaction.slice(-2).map(headOf)).toEqual(['WITH results AS', 'COMMIT']);
    });

    it('stores them alone when the run wrote no outbox row', async () => {
      const ids = [randomUUID()];
      const mark = fs.statSync(logFile).size;
      await dataSource.transaction(async (tx) => {
        const run = await InboxRun.claim(tx, 'buffer-test', ids);
        await run.once(ids[0], async () => ({ n: 3 }));
        await run.recordResults();
      });
      expect(await resultsOf(ids)).toEqual([[ids[0], { n: 3 }]]);
      const [transaction] = transactionsIn(log.since(mark));
      expect(transaction.slice(-2).map(headOf)).toEqual(['UPDATE inbox_messages AS', 'COMMIT']);
    });
  });

  it('writes nothing of a transaction that rolls back', async () => {
    await expect(
      dataSource.transaction(async (tx) => {
        await writer.add(tx, [message('rolled-back-1')]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await dataSource.transaction((tx) => writer.add(tx, [message('rolled-back-after')]));
    expect(await keys('rolled-back-')).toEqual(['rolled-back-after']);
  });

  it('drops only the rows of a nested transaction rolled back to its savepoint', async () => {
    await dataSource.transaction(async (tx) => {
      await writer.add(tx, [message('nested-before')]);
      await tx
        .transaction(async (inner) => {
          await writer.add(inner, [message('nested-inside')]);
          throw new Error('roll back to the savepoint');
        })
        .catch(() => undefined);
      await tx.transaction((inner) => writer.add(inner, [message('nested-released')]));
      await writer.add(tx, [message('nested-after')]);
    });
    expect(await keys('nested-')).toEqual(['nested-before', 'nested-released', 'nested-after']);
  });

  it('fails the commit when the held rows cannot be written, taking the transaction with them', async () => {
    await expect(
      dataSource.transaction(async (tx) => {
        await tx.query(`INSERT INTO effects (what) VALUES ('refused-effect')`);
        await writer.add(tx, [message('refused')]);
      }),
    ).rejects.toThrow(/refused/);
    expect(await dataSource.query(`SELECT what FROM effects`)).toEqual([]);
  });

  it('writes more rows than one parameter per value would allow, still in the order added', async () => {
    // 8,192 rows of 8 columns would be more parameters than PostgreSQL takes in one statement;
    // the rows go as one array per column (ADR 0065).
    const many = Array.from({ length: 8200 }, (_, i) => `many-${String(i).padStart(5, '0')}`);
    await dataSource.transaction(async (tx) => {
      for (let i = 0; i < many.length; i += 100) {
        await writer.add(tx, many.slice(i, i + 100).map(message));
      }
    });
    expect(await keys('many-')).toEqual(many);
  });

  it('writes at once outside a transaction', async () => {
    await writer.add(dataSource.manager, [message('autocommit')]);
    expect(await keys('autocommit')).toEqual(['autocommit']);
  });

  /** ADR 0065: while a sender runs, committed rows go to it, held from the relay meanwhile. */
  describe('with a sender of committed rows', () => {
    const sent: WrittenRows[] = [];
    const released: string[][] = [];
    const sender: CommittedRowsSender = {
      holdMs: () => 60_000,
      sendCommitted: (written) => void sent.push(written),
      release: (seqs) => void released.push([...seqs]),
    };
    const rowsOf = async (prefix: string) =>
      dataSource.query<{ seq: string; message_key: string; held: boolean }[]>(
        `SELECT seq, message_key, held_until > now() AS held FROM outbox_messages
          WHERE message_key LIKE $1 || '%' ORDER BY seq`,
        [prefix],
      );

    beforeEach(() => {
      sent.length = 0;
      released.length = 0;
      sendCommittedRowsWith(dataSource, sender);
    });
    afterEach(() => sendCommittedRowsWith(dataSource, undefined));

    it('hands the rows of a committed transaction to the sender, held from the relay', async () => {
      await dataSource.transaction(async (tx) => {
        await writer.add(tx, [message('direct-1'), message('direct-2')]);
        await writer.add(tx, [message('direct-3')]);
        expect(sent).toEqual([]); // nothing before the commit
      });
      const stored = await rowsOf('direct-');
      expect(stored.map((r) => r.held)).toEqual([true, true, true]);
      expect(sent).toHaveLength(1);
      expect(sent[0].seqs).toEqual(stored.map((r) => r.seq));
      expect(sent[0].rows.map((row) => row[2])).toEqual(['direct-1', 'direct-2', 'direct-3']);
      expect(released).toEqual([]);
    });

    it('hands over nothing of a transaction that rolls back', async () => {
      await expect(
        dataSource.transaction(async (tx) => {
          await writer.add(tx, [message('direct-rolled-back')]);
          await tx.transaction((inner) => writer.add(inner, [message('direct-rolled-back-2')]));
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(sent).toEqual([]);
      expect(released).toEqual([]);
    });

    it('releases to the relay, not sends, the rows of a transaction a savepoint rolled back in', async () => {
      await dataSource.transaction(async (tx) => {
        await writer.add(tx, [message('partly-before')]);
        await tx
          .transaction(async (inner) => {
            await writer.add(inner, [message('partly-inside')]);
            await tx.query('SELECT 1'); // the inside row is still held here, never written
            throw new Error('roll back to the savepoint');
          })
          .catch(() => undefined);
      });
      const stored = await rowsOf('partly-');
      expect(stored.map((r) => r.message_key)).toEqual(['partly-before']);
      expect(sent).toEqual([]);
      expect(released).toEqual([stored.map((r) => r.seq)]);
    });

    it('writes rows for the relay at once when the sender takes none now', async () => {
      sendCommittedRowsWith(dataSource, { ...sender, holdMs: () => undefined });
      await dataSource.transaction((tx) => writer.add(tx, [message('relay-only')]));
      expect((await rowsOf('relay-only')).map((r) => r.held)).toEqual([null]);
      expect(sent).toEqual([]);
    });
  });
});
