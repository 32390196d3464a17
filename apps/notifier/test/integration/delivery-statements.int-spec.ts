import path from 'node:path';
import { Client } from 'pg';
import { TransactionStatusChangedV1Message } from '@opp/contracts';
import { findRepoRoot, localDir, type Stack } from '@opp/local-stack';
import {
  AdminClient,
  CaptureServer,
  eventually,
  startTestStack,
  StatementLog,
  suiteSlug,
  transactionsIn,
} from '@opp/testing';
import { completedPaymentChange, NotifierTestKit } from './notifier-test-kit';

const SUITE = 'notifier delivery statements';

/** Callbacks measured one after another, each answered 200 at the first attempt. */
const MEASURED = 10;

/**
 * What a merchant callback costs the notifier in SQL statements, and what still wakes its
 * scheduler once a finished attempt no longer does by itself (ADR 0033, ADR 0065). One attempt slot
 * (until the last test, which wants several) and a poll interval at its maximum (5 min): a retry or
 * a delivery waiting for the slot that goes out within a test's time can only have been woken,
 * never found by the poll. Outcomes that finish together share a statement (ADR 0065).
 */
describe('delivery statements and wakes (ADR 0033, ADR 0065)', () => {
  let stack: Stack;
  let kit: NotifierTestKit;
  let merchant: CaptureServer;
  let admin: AdminClient;
  let nextTransactionId = 50_000;
  const projects: Record<'counted' | 'lone' | 'retried' | 'waiting' | 'coalesced', number> = {
    counted: 0,
    lone: 0,
    retried: 0,
    waiting: 0,
    coalesced: 0,
  };

  beforeAll(async () => {
    merchant = await CaptureServer.start();
    stack = await startTestStack({
      suite: SUITE,
      services: ['api-gateway', 'notifier'],
      extraEnv: {
        DELIVERY_CONCURRENCY: '1',
        DELIVERY_POLL_INTERVAL_MS: '300000',
        DELIVERY_RETRY_SCHEDULE: '1s,1s,1s',
      },
    });
    kit = new NotifierTestKit(stack);
    admin = new AdminClient(stack.gatewayUrl!);
    for (const name of Object.keys(projects) as (keyof typeof projects)[]) {
      const callbackUrl = merchant.url(`/${name}`);
      projects[name] = (await admin.createProject({ callbackUrl })).id;
      await kit.waitForProject(projects[name], callbackUrl);
    }
    // Every statement logged (debug); the notifier's outbox relay paused, as merchant callbacks
    // write nothing to the outbox and its idle round would only add noise to the count.
    await stack.services.notifier!.restart({ LOG_LEVEL: 'debug', OUTBOX_RELAY_PAUSED: 'true' });
  });

  afterAll(async () => {
    await kit?.close();
    await stack?.stop();
    await merchant?.stop();
  });

  const logFile = () =>
    path.join(localDir(findRepoRoot(), 'logs', 'test', suiteSlug(SUITE)), 'notifier.log');

  /** Every statement the notifier sends, from its debug log (the one counter, @opp/testing). */
  const statementLog = () => new StatementLog(logFile());

  /** The statements the notifier logged after `mark`, whitespace folded. */
  const statementsSince = (mark: number): string[] =>
    statementLog()
      .since(mark)
      .map((statement) => statement.query.replace(/\s+/g, ' ').trim());

  /** The statements that write an attempt's outcome (the only ones updating `deliveries` here). */
  const isOutcomeWrite = (sql: string): boolean => /\bUPDATE deliveries\b/.test(sql);

  /** Waits until the log has stopped growing: whatever a finished attempt sets off is in it. */
  const settledLogSize = (): Promise<number> => statementLog().quietMark();

  /** How many times each statement (its first words) was issued, most frequent first. */
  function tally(statements: string[]): string {
    const counts = new Map<string, number>();
    for (const sql of statements) {
      const head = sql.slice(0, 80);
      counts.set(head, (counts.get(head) ?? 0) + 1);
    }
    return [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([sql, n]) => `${n} x ${sql}`)
      .join('\n');
  }

  async function deliveryOf(transactionId: number) {
    const [row] = await kit.query<{ status: string; attempts: number }>(
      `SELECT status, attempts FROM deliveries WHERE subject = $1`,
      [String(transactionId)],
    );
    return row;
  }

  async function callBack(project: number): Promise<number> {
    const event = completedPaymentChange(project, nextTransactionId++);
    await kit.publish(TransactionStatusChangedV1Message, String(event.transactionId), event);
    return event.transactionId;
  }

  async function delivered(transactionId: number): Promise<void> {
    await eventually(
      async () => (await deliveryOf(transactionId))?.status === 'succeeded',
      `delivery of transaction ${transactionId} succeeded`,
    );
  }

  it('delivers a callback answered 200 at once in at most 5 statements', async () => {
    // The first event after the restart reads the project; the measured ones find it known.
    await delivered(await callBack(projects.counted));
    const from = await settledLogSize();
    for (let i = 0; i < MEASURED; i++) {
      await delivered(await callBack(projects.counted));
    }
    await settledLogSize();
    const statements = statementsSince(from);
    const perDelivery = statements.length / MEASURED;
    if (perDelivery > 5) {
      throw new Error(
        `${perDelivery} statements per delivery, at most 5 wanted:\n${tally(statements)}`,
      );
    }
    expect(perDelivery).toBeLessThanOrEqual(5);
    expect(merchant.requests('/counted')).toHaveLength(MEASURED + 1);
  });

  it('calls back once for an event delivered twice', async () => {
    const event = completedPaymentChange(projects.lone, nextTransactionId++);
    const key = String(event.transactionId);
    const before = merchant.requests('/lone').length;
    const sent = await kit.publish(TransactionStatusChangedV1Message, key, event);
    await kit.publish(TransactionStatusChangedV1Message, key, event, sent);
    // Another event of the same transaction (same key, same partition) is handled after both.
    await kit.publish(TransactionStatusChangedV1Message, key, { ...event });
    await eventually(
      async () =>
        (await kit.query(`SELECT 1 FROM deliveries WHERE subject = $1`, [key])).length === 2 &&
        merchant.requests('/lone').length === before + 2,
      'the two callbacks of the transaction',
    );
    expect(
      await kit.query(`SELECT count(*)::int AS n FROM deliveries WHERE dedupe_key = $1`, [
        `callback:${sent.id}`,
      ]),
    ).toEqual([{ n: 1 }]);
  });

  it('stores the callbacks of a run of status events in one statement, with no inbox and no transaction (ADR 0065)', async () => {
    const run = 6;
    await delivered(await callBack(projects.lone));
    const from = await settledLogSize();
    const before = merchant.requests('/lone').length;
    const changes = Array.from({ length: run }, () =>
      completedPaymentChange(projects.lone, nextTransactionId++),
    );
    // One key: one partition, and one producer call: one fetch brings the whole run.
    await kit.publishAll(
      TransactionStatusChangedV1Message,
      changes.map((payload) => ({ key: 'one-run', payload })),
    );
    for (const { transactionId } of changes) await delivered(transactionId);
    await settledLogSize();
    const all = statementLog().since(from);
    const inserts = all.filter((statement) => /INSERT INTO deliveries\b/.test(statement.query));
    if (inserts.length !== 1) {
      throw new Error(
        `${run} callbacks in ${inserts.length} inserts, 1 wanted:\n${tally(statementsSince(from))}`,
      );
    }
    // Outside any transaction (the scheduler claims, in its own, those the one slot left waiting).
    const inTransactions = transactionsIn(all).flat();
    for (const insert of inserts) expect(inTransactions).not.toContain(insert);
    expect(all.filter((statement) => /inbox_messages/.test(statement.query))).toEqual([]);
    expect(merchant.requests('/lone')).toHaveLength(before + run);
  });

  it('calls back at the new URL once the project changed: the cached project is dropped (ADR 0065)', async () => {
    // The project is cached by the measured callbacks above.
    await delivered(await callBack(projects.counted));
    const moved = merchant.url('/counted-moved');
    const patched = await admin.request('PATCH', `/admin/v1/projects/${projects.counted}`, {
      callbackUrl: moved,
    });
    expect(patched.status).toBe(200);
    await kit.waitForProject(projects.counted, moved);
    const before = merchant.requests('/counted').length;
    await delivered(await callBack(projects.counted));
    expect(merchant.requests('/counted-moved')).toHaveLength(1);
    expect(merchant.requests('/counted')).toHaveLength(before);
  });

  it('writes a lone outcome at once, in one statement of its own (ADR 0033, ADR 0065)', async () => {
    await delivered(await callBack(projects.lone));
    const from = await settledLogSize();
    const transactionId = await callBack(projects.lone);
    await delivered(transactionId);
    await settledLogSize();
    const all = statementLog().since(from);
    const outcomes = all.filter((statement) => isOutcomeWrite(statement.query));
    if (outcomes.length !== 1) {
      throw new Error(
        `${outcomes.length} outcome statements, 1 wanted:\n${tally(statementsSince(from))}`,
      );
    }
    // Outside any transaction: no START TRANSACTION ... COMMIT of its runner around it.
    expect(transactionsIn(all).flat()).not.toContain(outcomes[0]);
    expect(await deliveryOf(transactionId)).toEqual({ status: 'succeeded', attempts: 1 });
  });

  it('sends a retry when it falls due, with no poll to find it', async () => {
    merchant.respond('/retried', (_request, n) => (n === 1 ? 500 : 200));
    const transactionId = await callBack(projects.retried);
    await delivered(transactionId);
    expect(await deliveryOf(transactionId)).toEqual({ status: 'succeeded', attempts: 2 });
    expect(merchant.requests('/retried')).toHaveLength(2);
  });

  it('sends a delivery that waited for the only attempt slot once the slot frees', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    merchant.respond('/waiting', (_request, n) =>
      n === 1 ? { status: 200, heldUntil: held } : 200,
    );
    const first = await callBack(projects.waiting);
    await merchant.waitFor('/waiting', 1);
    // What every replica's scheduler listens on (DELIVERIES_DUE_CHANNEL): another replica with a
    // free slot is woken by it, as this one is once its slot frees.
    const listener = new Client({ connectionString: stack.databaseUrls.notifier });
    await listener.connect();
    let notified = 0;
    listener.on('notification', () => (notified += 1));
    await listener.query('LISTEN deliveries_due');
    const second = await callBack(projects.waiting);
    // Stored for the scheduler, unattempted: the slot is taken by the first, which is held.
    await eventually(
      async () => (await deliveryOf(second))?.status === 'pending',
      'the second delivery stored',
    );
    expect(await deliveryOf(second)).toEqual({ status: 'pending', attempts: 0 });
    expect(merchant.requests('/waiting')).toHaveLength(1);
    try {
      await eventually(() => notified > 0, 'the NOTIFY of the stored delivery');
    } finally {
      await listener.end();
    }
    release();
    await delivered(second);
    expect(await deliveryOf(first)).toEqual({ status: 'succeeded', attempts: 1 });
    expect(await deliveryOf(second)).toEqual({ status: 'succeeded', attempts: 1 });
    expect(merchant.requests('/waiting')).toHaveLength(2);
  });

  it('writes the outcomes that finish during one outcome write in one statement (ADR 0065)', async () => {
    const concurrent = 8;
    // Every attempt at once: as many slots as deliveries (the suite's other tests want one).
    await stack.services.notifier!.restart({ DELIVERY_CONCURRENCY: String(concurrent) });
    let releaseFirst: () => void = () => undefined;
    let releaseOthers: () => void = () => undefined;
    const firstAnswered = new Promise<void>((resolve) => (releaseFirst = resolve));
    const othersAnswered = new Promise<void>((resolve) => (releaseOthers = resolve));
    // The first callback after the restart reads the project and is answered at once; the next
    // one is held until the test releases it, and the rest after that.
    merchant.respond('/coalesced', (_request, n) =>
      n === 1
        ? 200
        : n === 2
          ? { status: 200, heldUntil: firstAnswered }
          : { status: 200, heldUntil: othersAnswered },
    );
    await delivered(await callBack(projects.coalesced));
    const first = await callBack(projects.coalesced);
    await merchant.waitFor('/coalesced', 2);
    const others: number[] = [];
    for (let i = 1; i < concurrent; i++) others.push(await callBack(projects.coalesced));
    await merchant.waitFor('/coalesced', concurrent + 1);

    // The first outcome's statement waits for the delivery's row, locked by another client.
    const locker = new Client({ connectionString: stack.databaseUrls.notifier });
    await locker.connect();
    let locked = true;
    try {
      await locker.query('BEGIN');
      await locker.query(`SELECT id FROM deliveries WHERE subject = $1 FOR UPDATE`, [
        String(first),
      ]);
      const from = await settledLogSize();
      releaseFirst();
      await eventually(async () => {
        const [{ waiting }] = await kit.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return waiting === 1;
      }, 'the first outcome statement waiting for the locked row');
      // The other attempts finish while it is in flight: the log is quiet once they have.
      releaseOthers();
      await settledLogSize();
      await locker.query('COMMIT');
      locked = false;
      for (const transactionId of [first, ...others]) await delivered(transactionId);
      await settledLogSize();
      const outcomes = statementsSince(from).filter(isOutcomeWrite);
      if (outcomes.length !== 2) {
        throw new Error(
          `${concurrent} outcomes in ${outcomes.length} statements, 2 wanted:\n` +
            tally(statementsSince(from)),
        );
      }
      expect(outcomes).toHaveLength(2);
    } finally {
      if (locked) await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    for (const transactionId of [first, ...others]) {
      expect(await deliveryOf(transactionId)).toEqual({ status: 'succeeded', attempts: 1 });
    }
    expect(merchant.requests('/coalesced')).toHaveLength(concurrent + 1);
  });

  it("sends a callback that waited for its payment's older one once that one is done, with no poll (ADR 0010)", async () => {
    // Several slots: with one, the slot the first frees would wake a round by itself.
    await stack.services.notifier!.restart({ DELIVERY_CONCURRENCY: '4' });
    await delivered(await callBack(projects.lone));
    const first = completedPaymentChange(projects.lone, nextTransactionId++);
    const key = String(first.transactionId);
    // The first callback is held at the merchant until the second is stored, waiting for it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const before = merchant.requests('/lone').length;
    merchant.respond('/lone', (_request, n) =>
      n === before + 1 ? { status: 200, heldUntil: held } : 200,
    );
    // Two status events of one transaction in one producer call: one fetch, one statement, the
    // second stored waiting for the first (ADR 0010); only the first's outcome can wake it.
    await kit.publishAll(
      TransactionStatusChangedV1Message,
      [first, { ...first }].map((payload) => ({ key, payload })),
    );
    await merchant.waitFor('/lone', before + 1);
    await eventually(
      async () =>
        (await kit.query(`SELECT 1 FROM deliveries WHERE subject = $1`, [key])).length === 2,
      'the second callback stored',
    );
    expect(merchant.requests('/lone')).toHaveLength(before + 1);
    release();
    await eventually(
      async () =>
        (
          await kit.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM deliveries WHERE subject = $1 AND status = 'succeeded'`,
            [key],
          )
        )[0]?.n === 2,
      'both callbacks of the transaction delivered',
    );
  });
});
