import { randomUUID } from 'node:crypto';
import { newEnvelope } from '@opp/messaging';
import { ProcessChargeV1Request, UserCreatedV1Message } from '@opp/contracts';
import { eventually, headOf, StatementLog, transactionAround, transactionsIn } from '@opp/testing';
import { errorCodeOf, PaymentsHarness, sealedCardData, valueOf } from './payments-harness';

/**
 * ADR 0065: a card charge with card data and a user payments knows runs in few statements in its
 * inbox transaction, every one a round trip. Counted on the client side, from the statements the
 * service logs at debug level.
 */
describe('payments: the statements of a card charge', () => {
  let h: PaymentsHarness;
  let log: StatementLog;
  let project: number;
  const userId = `u${randomUUID().slice(0, 8)}`;
  const identifier = `customer-${randomUUID()}`;

  beforeAll(async () => {
    // Every statement logged (debug), with its query runner: the outbox relay's and the pollers'
    // transactions interleave with a run's in the log, and are told apart by it.
    h = await PaymentsHarness.start('payments statements', ['payments'], {}, 'debug');
    log = new StatementLog(h.logFile());
    project = await h.createProject();
    // As users-recurring announces a user (ADR 0065): payments' read model learns it.
    const envelope = newEnvelope(UserCreatedV1Message, userId, {
      id: userId,
      projectId: project,
      identifier,
      displayName: 'Known Customer',
      email: 'known@example.com',
      phone: null,
      locale: 'en',
      ip: '203.0.113.9',
      createdAt: new Date().toISOString(),
    });
    await h.producer.publish([{ topic: UserCreatedV1Message.topic, envelope }]);
    await eventually(
      async () =>
        (await h.sql('SELECT 1 FROM users_read_model WHERE id = $1', [userId])).length === 1,
      'the user in the payments read model',
    );
  });

  afterAll(async () => {
    await h?.stop();
  });

  /** A charge as the gateway sends it for a known user: a reference, not the User object. */
  const byReference = (fields = {}) =>
    h.chargeCommand(project, {
      user: undefined,
      userRef: { userId },
      sealedCard: sealedCardData(project, '4242424242424242'),
      orderId: `o-${randomUUID()}`,
      ...fields,
    });

  it('charges a known user with card data in 7 statements, START and COMMIT included', async () => {
    // The first charge of a card vaults it; the measured one finds it by a plain read and keeps its
    // row and envelope, bound to that row, as a returning card does (ADR 0063).
    valueOf(await h.request(ProcessChargeV1Request, byReference()));
    const mark = await log.quietMark();
    const charged = valueOf(await h.request(ProcessChargeV1Request, byReference()));
    expect(charged).toMatchObject({ status: 'completed', user: { id: userId, identifier } });

    const statements = transactionAround(log.since(mark), (s) =>
      /INSERT INTO transactions/.test(s.query),
    );
    const heads = statements.map(headOf);
    expect(heads.length).toBeLessThanOrEqual(7);
    expect(heads).toEqual([
      'START TRANSACTION',
      'INSERT INTO inbox_messages', // the run's inbox claim (ADR 0065)
      'WITH found AS', // the request's earlier result, the order's live payment, the payer, the id
      'SELECT * FROM', // the returning card, by its fingerprint under either key (ADR 0063)
      'WITH inserted AS', // the transaction with its journal entry and lines
      'WITH results AS', // the run's replies and outbox rows, in one statement before the commit
      'COMMIT',
    ]);
  });

  it('shares the inbox and outbox statements among the charges of a run: 4 + 3 per charge', async () => {
    const mark = await log.quietMark();
    // One key: one partition, so charges that arrive together are fetched and applied as a run.
    const key = randomUUID();
    const charges = Array.from({ length: 8 }, () =>
      h.request(ProcessChargeV1Request, byReference(), key),
    );
    for (const charged of await Promise.all(charges)) {
      expect(valueOf(charged)).toMatchObject({ status: 'completed' });
    }
    await log.quietMark(); // the service's log lines of the last run written out
    const runs = transactionsIn(log.since(mark)).filter((t) =>
      t.some((s) => /INSERT INTO transactions/.test(s.query)),
    );
    const perRun = runs.map((run) => run.filter((s) => headOf(s) === 'WITH inserted AS').length);
    expect(perRun.reduce((a, b) => a + b, 0)).toBe(charges.length);
    for (const [i, run] of runs.entries()) {
      const each = ['WITH found AS', 'SELECT * FROM', 'WITH inserted AS'];
      expect(run.map(headOf)).toEqual([
        'START TRANSACTION',
        'INSERT INTO inbox_messages',
        ...Array.from({ length: perRun[i] }, () => each).flat(),
        'WITH results AS',
        'COMMIT',
      ]);
    }
  });

  it('finds a payer named by a User object identifier, with the fields sent', async () => {
    const charged = valueOf(
      await h.request(
        ProcessChargeV1Request,
        byReference({
          userRef: {
            resolve: {
              projectId: project,
              identifier,
              email: 'sent@example.com',
              ip: '198.51.100.7',
            },
          },
        }),
      ),
    );
    expect(charged.user).toEqual({
      id: userId,
      identifier,
      displayName: null,
      email: 'sent@example.com',
      phone: null,
      ip: '198.51.100.7',
      locale: null,
    });
  });

  it('refuses a user the read model does not know with 40406, writing nothing', async () => {
    const command = byReference({ userRef: { userId: 'nobody' } });
    expect(errorCodeOf(await h.request(ProcessChargeV1Request, command))).toBe(40406);
    const rows = await h.sql('SELECT 1 FROM transactions WHERE idempotency_key = $1', [
      command.idempotencyKey,
    ]);
    expect(rows).toEqual([]);
  });

  it('answers a replay from the look-up without drawing an id', async () => {
    const command = byReference();
    const first = valueOf(await h.request(ProcessChargeV1Request, command));
    expect(valueOf(await h.request(ProcessChargeV1Request, command))).toEqual(first);
    const next = valueOf(await h.request(ProcessChargeV1Request, byReference()));
    expect(next.id).toBe(first.id + 1);
  });

  it('applies a fetched run of user events in one statement, with no inbox record, again when redelivered (ADR 0065)', async () => {
    const event = (name: string) => {
      const id = `u${randomUUID().slice(0, 8)}`;
      // One key for all: one partition, so one fetch brings the run (a run is per partition).
      return newEnvelope(UserCreatedV1Message, 'one-run', {
        id,
        projectId: project,
        identifier: `customer-${randomUUID()}`,
        displayName: name,
        email: null,
        phone: null,
        locale: null,
        ip: null,
        createdAt: new Date().toISOString(),
      });
    };
    const first = event('A Customer');
    const second = event('Another Customer');
    const upsertsSince = async (mark: number) => {
      await log.quietMark();
      const statements = log.since(mark);
      const upserts = statements.filter((s) => /INSERT INTO users_read_model/.test(s.query));
      const inTransactions = transactionsIn(statements).flat();
      expect(upserts.filter((upsert) => inTransactions.includes(upsert))).toEqual([]);
      return upserts;
    };
    // Three events in one producer call (one record batch, so one fetch): the first one twice.
    // The run is one upsert, which writes each user once.
    const mark = await log.quietMark();
    await h.producer.publish(
      [first, second, first].map((envelope) => ({ topic: UserCreatedV1Message.topic, envelope })),
    );
    expect(await upsertsSince(mark)).toHaveLength(1);
    // Delivered again later: written again, with the same values.
    const again = await log.quietMark();
    await h.producer.publish([{ topic: UserCreatedV1Message.topic, envelope: first }]);
    expect(await upsertsSince(again)).toHaveLength(1);
    expect(
      await h.sql('SELECT 1 FROM inbox_messages WHERE message_id = ANY($1)', [
        [first.id, second.id],
      ]),
    ).toEqual([]);
    expect(
      await h.sql('SELECT id, display_name FROM users_read_model WHERE id = ANY($1) ORDER BY 2', [
        [first.payload.id, second.payload.id],
      ]),
    ).toEqual([
      { id: first.payload.id, display_name: 'A Customer' },
      { id: second.payload.id, display_name: 'Another Customer' },
    ]);
  });
});
