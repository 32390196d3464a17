import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { databaseUrl } from '@opp/local-stack';
import { asUnitOfWork } from '@opp/persistence';
import {
  genericPlan,
  holdTransactionOpen,
  MigratedTestDatabase,
  suitePrefixes,
  testDatabaseAdminUrl,
} from '@opp/testing';
import { migrations } from '../../database/database-options';
import type { DeliveryStart } from '../application/delivery.store';
import type { Delivery, NewDelivery } from '../domain/delivery';
import {
  CLAIM_BY_WALL_CLOCK,
  DeliveryRepository,
  NEXT_DUE_AT,
  WRITE_OUTCOMES,
} from './delivery.repository';

const { dbPrefix } = suitePrefixes('delivery claim');
const database = `${dbPrefix}notifier`;

/** The engine's lease with the default 10 s time limit (DeliveryModule): 2 x 10 s + 30 s. */
const LEASE_MS = 50_000;
const HOUR_MS = 3_600_000;

const newDelivery = (projectId: number): NewDelivery => ({
  kind: 'merchant-callback',
  dedupeKey: `claim-${randomUUID()}`,
  projectId,
  partnerIdentifier: null,
  subject: String(projectId),
  request: {
    channel: 'http',
    method: 'POST',
    url: 'http://127.0.0.1:9/callback',
    headers: {},
    body: 'status=completed',
  },
  task: null,
});

const DUE_NOW: DeliveryStart = { notBefore: null };
const NO_ORIGIN = { correlationId: null, traceparent: null, tracestate: null };

/**
 * Two notifier instances claiming from one database (ADR 0010, ADR 0033): an attempt in flight on
 * one is never started again by the other, however far its project's sandbox clock is advanced
 * meanwhile (ADR 0069: leases keep the wall clock); an attempt whose lease ran out (its instance
 * died) is taken over, once. Each instance is a repository on its own connection pool, as each
 * replica has; the attempt "in flight" is the time between a committed claim and its outcome,
 * when the HTTP request runs.
 */
describe('delivery claims of two instances against one database', () => {
  let db: MigratedTestDatabase;
  let second: DataSource;
  let first: DeliveryRepository;
  let other: DeliveryRepository;
  let nextProject = 1;

  beforeAll(async () => {
    db = await MigratedTestDatabase.create(database, migrations);
    second = new DataSource({
      type: 'postgres',
      url: databaseUrl(testDatabaseAdminUrl(), database),
      extra: { max: 2 },
    });
    await second.initialize();
    first = new DeliveryRepository(db.dataSource);
    other = new DeliveryRepository(second);
  });

  afterAll(async () => {
    await second?.destroy();
    await db?.drop();
  });

  // Every test starts from no delivery and no clock: a claim takes whatever is due.
  beforeEach(async () => {
    await db.dataSource.query(`TRUNCATE deliveries, delivery_attempts, project_clocks`);
  });

  const sql = <T>(text: string, params: unknown[] = []): Promise<T[]> =>
    db.dataSource.query(text, params);

  const claim = (on: DeliveryRepository, source: DataSource, leaseMs = LEASE_MS) =>
    source.transaction((tx) => on.claimDue(asUnitOfWork(tx), 10, leaseMs));
  const claimOnFirst = (leaseMs = LEASE_MS) => claim(first, db.dataSource, leaseMs);
  const claimOnOther = () => claim(other, second);

  const add = async (projectId: number, start: DeliveryStart = DUE_NOW): Promise<Delivery> => {
    const { delivery } = await db.dataSource.transaction((tx) =>
      first.addIfAbsent(asUnitOfWork(tx), newDelivery(projectId), NO_ORIGIN, start),
    );
    return delivery;
  };

  /** The gateway's advance as the notifier's copy records it (ADR 0069): the offset grows. */
  const setClock = (projectId: number, offsetMs: number) =>
    sql(
      `INSERT INTO project_clocks (project_id, offset_ms, version, advanced_at)
       VALUES ($1, $2, 1, now())
       ON CONFLICT (project_id) DO UPDATE SET offset_ms = $2,
         version = project_clocks.version + 1, advanced_at = now()`,
      [projectId, offsetMs],
    );

  const attemptsOf = (delivery: Delivery) =>
    sql<{ number: number; outcome: string }>(
      `SELECT number, outcome FROM delivery_attempts WHERE delivery_id = $1 ORDER BY number`,
      [delivery.state.id],
    );

  /** The attempt the instance ran comes back delivered: its outcome, as the scheduler records it. */
  const delivered = (on: DeliveryRepository, claimed: Delivery) =>
    on.completeAttempt(null, claimed, { status: 'succeeded', httpStatus: 200 });

  it('keeps the other instance off a delivery while a claim of it is being made (SKIP LOCKED)', async () => {
    const delivery = await add(nextProject++);
    const held = await holdTransactionOpen(db.dataSource, (tx) =>
      first.claimDue(asUnitOfWork(tx), 10, LEASE_MS),
    );
    expect(held.result.map((d) => d.state.id)).toEqual([delivery.state.id]);
    // The first instance's claim is not committed: its row is locked, and skipped.
    expect(await claimOnOther()).toEqual([]);
    held.release();
    await held.ended;
    // Committed, the claim is a lease: the attempt is in flight, and still nobody else's.
    expect(await claimOnOther()).toEqual([]);
    expect(await attemptsOf(delivery)).toEqual([{ number: 1, outcome: 'in-flight' }]);
  });

  it("never starts an attempt in flight again when its project's clock is advanced past the lease", async () => {
    const projectId = nextProject++;
    await setClock(projectId, HOUR_MS);
    const delivery = await add(projectId);
    const [claimed] = await claimOnFirst();
    expect(claimed.state.id).toBe(delivery.state.id);
    // While the first instance's HTTP request runs, the merchant's clock moves 9 h on.
    await setClock(projectId, 10 * HOUR_MS);
    expect(await claimOnOther()).toEqual([]);
    expect(await claimOnFirst()).toEqual([]);
    expect(await delivered(first, claimed)).not.toBeNull();
    expect(await attemptsOf(delivery)).toEqual([{ number: 1, outcome: 'succeeded' }]);
  });

  it('never starts an attempt in flight again when its project gets a clock meanwhile', async () => {
    const projectId = nextProject++;
    const delivery = await add(projectId);
    const [claimed] = await claimOnFirst();
    expect(claimed.state.id).toBe(delivery.state.id);
    await setClock(projectId, 48 * HOUR_MS);
    expect(await claimOnOther()).toEqual([]);
    expect(await delivered(first, claimed)).not.toBeNull();
    expect(await attemptsOf(delivery)).toEqual([{ number: 1, outcome: 'succeeded' }]);
  });

  it('never starts a delivery created claimed (ADR 0033) again when its clock is advanced', async () => {
    const projectId = nextProject++;
    await setClock(projectId, HOUR_MS);
    const created = await add(projectId, { claimedForMs: LEASE_MS });
    await setClock(projectId, 10 * HOUR_MS);
    expect(await claimOnOther()).toEqual([]);
    expect(await delivered(first, created)).not.toBeNull();
    expect(await attemptsOf(created)).toEqual([{ number: 1, outcome: 'succeeded' }]);
  });

  it('plans the next round at the end of the lease of an attempt in flight, not at once', async () => {
    const projectId = nextProject++;
    await setClock(projectId, HOUR_MS);
    await add(projectId);
    await claimOnFirst();
    await setClock(projectId, 10 * HOUR_MS);
    const [{ now }] = await sql<{ now: Date }>(`SELECT now() AS now`);
    const due = await first.nextDueAt();
    // Due at the end of the lease in wall-clock time, within the lease of the claim just made.
    expect(due).not.toBeNull();
    expect(due!.getTime()).toBeGreaterThan(now.getTime());
    expect(due!.getTime()).toBeLessThanOrEqual(now.getTime() + LEASE_MS);
  });

  it("ends the lease with the attempt's outcome: the retry is claimed when due in the project's time", async () => {
    const projectId = nextProject++;
    await setClock(projectId, HOUR_MS);
    const delivery = await add(projectId);
    const [claimed] = await claimOnFirst();
    const failed = await first.completeAttempt(null, claimed, {
      status: 'pending',
      error: 'connection refused',
      httpStatus: null,
      retryInMs: 30_000,
    });
    expect(failed).not.toBeNull();
    // The merchant's clock passes the retry's time: it is due at once, on any instance.
    await setClock(projectId, 2 * HOUR_MS);
    const [retried] = await claimOnOther();
    expect(retried.state).toMatchObject({ id: delivery.state.id, attempts: 2 });
  });

  it('ends the lease of a delivery handed back unattempted (an open breaker, ADR 0033)', async () => {
    const projectId = nextProject++;
    const delivery = await add(projectId);
    const claimed = await claimOnFirst();
    await db.dataSource.transaction((tx) =>
      first.unclaim(asUnitOfWork(tx), claimed, new Date(Date.now() + HOUR_MS), 3 * HOUR_MS),
    );
    // Held an hour on the wall clock; its project's clock then runs two hours on: due at once.
    await setClock(projectId, 2 * HOUR_MS);
    const [again] = await claimOnOther();
    expect(again.state).toMatchObject({ id: delivery.state.id, attempts: 1 });
  });

  it.each([
    ['on the wall clock', 0],
    ['on an advanced clock', 10 * HOUR_MS],
  ])(
    'takes over, once, the attempt of an instance that died mid-attempt (%s)',
    async (_, offsetMs) => {
      const projectId = nextProject++;
      if (offsetMs > 0) await setClock(projectId, offsetMs);
      const delivery = await add(projectId);
      // A lease of no time is one that has run out: the instance holding it is gone.
      const [lost] = await claimOnFirst(0);
      expect(lost.state.id).toBe(delivery.state.id);
      const [takenOver] = await claimOnOther();
      expect(takenOver.state).toMatchObject({ id: delivery.state.id, attempts: 2 });
      expect(await claimOnFirst()).toEqual([]);
      expect(await delivered(other, takenOver)).not.toBeNull();
      // An outcome of the lost attempt arriving late is dropped: the delivery is the other's.
      expect(await delivered(first, lost)).toBeNull();
      expect(await attemptsOf(delivery)).toEqual([
        { number: 1, outcome: 'abandoned' },
        { number: 2, outcome: 'succeeded' },
      ]);
    },
  );
  /** ADR 0010: a refund's callback (it follows its payment) never goes before the payment's. */
  describe('in order per payment', () => {
    const addAbout = async (
      projectId: number,
      subject: string,
      follows: string | null,
      start: DeliveryStart = DUE_NOW,
    ): Promise<Delivery> => {
      const delivery = { ...newDelivery(projectId), subject, follows };
      const added = await db.dataSource.transaction((tx) =>
        first.addIfAbsent(asUnitOfWork(tx), delivery, NO_ORIGIN, start),
      );
      return added.delivery;
    };

    it("claims a refund's callback only once its payment's older one is done, on either clock", async () => {
      for (const clocked of [false, true]) {
        const projectId = nextProject++;
        if (clocked) await setClock(projectId, HOUR_MS);
        const payment = await addAbout(projectId, 'p-1', null);
        const refund = await addAbout(projectId, 'r-1', 'p-1');
        const [claimed, ...more] = await claimOnFirst();
        expect([claimed.state.id, more]).toEqual([payment.state.id, []]);
        // The payment's attempt is in flight: the refund still waits, on both instances.
        expect(await claimOnOther()).toEqual([]);
        // Nor is it due for the scheduler, which would otherwise look again and again at once.
        const due = await first.nextDueAt();
        expect(due === null || due.getTime() > Date.now()).toBe(true);
        await delivered(first, claimed);
        expect((await claimOnOther()).map((d) => d.state.id)).toEqual([refund.state.id]);
      }
    });

    it('keeps the older callbacks of one transaction first too', async () => {
      const projectId = nextProject++;
      const pending = await addAbout(projectId, 'p-2', null);
      const completed = await addAbout(projectId, 'p-2', null);
      expect((await claimOnFirst()).map((d) => d.state.id)).toEqual([pending.state.id]);
      expect(completed.state.attempts).toBe(0);
    });

    it('stores a refund asked claimed unclaimed while its payment is pending, and claims it after', async () => {
      const projectId = nextProject++;
      const payment = await addAbout(projectId, 'p-3', null);
      const refund = await addAbout(projectId, 'r-3', 'p-3', { claimedForMs: LEASE_MS });
      expect(refund.state.attempts).toBe(0);
      expect(await attemptsOf(refund)).toEqual([]);
      const [claimed] = await claimOnFirst();
      expect(claimed.state.id).toBe(payment.state.id);
      await delivered(first, claimed);
      expect((await claimOnOther()).map((d) => d.state.id)).toEqual([refund.state.id]);
      // With nothing older pending, a delivery asked claimed is stored claimed.
      const alone = await addAbout(projectId, 'r-4', 'p-9', { claimedForMs: LEASE_MS });
      expect(alone.state.attempts).toBe(1);
    });

    it('orders the callbacks of a run stored in one statement as they were given (ADR 0065)', async () => {
      const projectId = nextProject++;
      const asked: DeliveryStart = { claimedForMs: LEASE_MS };
      const about = (turn: number, subject: string, follows: string | null) => ({
        delivery: { ...newDelivery(projectId), subject, follows },
        origin: NO_ORIGIN,
        start: asked,
        turn,
      });
      const run = [
        about(0, 'p-5', null),
        about(1, 'p-5', null),
        about(2, 'r-5', 'p-5'),
        about(3, 'p-6', null),
        // Two deliveries of one event (a finished request's two targets): not ordered.
        about(4, 'g-7', null),
        about(4, 'g-7', null),
      ];
      const stored = await db.dataSource.transaction((tx) =>
        first.addAllIfAbsent(asUnitOfWork(tx), run),
      );
      const [pending, completed, refund, ...others] = run.map(({ delivery }) =>
        stored.get(delivery.dedupeKey)!,
      );
      // Asked claimed, each: only the first of its payment and the unrelated ones are.
      expect([pending, completed, refund, ...others].map((d) => d.state.attempts)).toEqual([
        1, 0, 0, 1, 1, 1,
      ]);
      // Once stored, the scheduler keeps their order too: the next only after the one before it.
      expect(await claimOnOther()).toEqual([]);
      await delivered(first, pending);
      expect((await claimOnOther()).map((d) => d.state.id)).toEqual([completed.state.id]);
    });

    it("probes each delivery's elders by index when a project has a backlog, never pairs them all", async () => {
      // An endpoint down for hours: 10,000 pending deliveries of one project, half about one
      // subject, a tenth following another.
      await sql(
        `INSERT INTO deliveries (id, kind, status, dedupe_key, project_id, subject, follows, method,
           target, destination, request, next_attempt_at)
         SELECT gen_random_uuid(), 'merchant-callback', 'pending', 'backlog:' || i, $1,
           CASE WHEN i % 2 = 0 THEN 'backlog' ELSE 'p-' || i END,
           CASE WHEN i % 10 = 1 THEN 'p-' || (i - 1) END, 'POST', 'http://127.0.0.1:9/cb',
           'http://127.0.0.1:9', '{}'::jsonb, now()
         FROM generate_series(1, 10000) AS i`,
        [nextProject++],
      );
      await sql('ANALYZE deliveries');
      const empty = Array.from({ length: 7 }, () => `'{}'`);
      const plans = {
        claim: await genericPlan(db.dataSource, CLAIM_BY_WALL_CLOCK, ['10', '50000']),
        nextDue: await genericPlan(db.dataSource, NEXT_DUE_AT, []),
        outcomes: await genericPlan(db.dataSource, WRITE_OUTCOMES, [...empty, `'deliveries_due'`]),
      };
      for (const plan of Object.values(plans)) {
        // Hashed on the project alone, an anti-join compares every pending delivery of it with
        // every other: 10^8 pairs here, 25 s for one claim.
        expect(plan).not.toMatch(/Anti Join/);
        expect(plan).not.toMatch(/Seq Scan on deliveries (earlier|waiting)/);
        expect(plan).toMatch(/Index Cond: \(\(project_id = \w+\.project_id\) AND \(/);
      }
      expect(plans.outcomes).toMatch(/deliveries_pending_by_follows/);
    });
  });
});
