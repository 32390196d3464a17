import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { DeliveryKind } from '@opp/contracts';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { Coalescer } from '@opp/scheduling';
import { projectClockOffsetSql } from '@opp/snapshots';
import {
  DELIVERIES_DUE_CHANNEL,
  DeliveryStore,
  type DeliveryFilter,
  type DeliveryStart,
  type NewDeliveryEntry,
} from '../application/delivery.store';
import {
  type Delivery,
  type DeliveryOrigin,
  type DeliveryUpdate,
  type NewDelivery,
} from '../domain/delivery';
import { DeliveryMapper, type DeliveryRow } from './delivery.mapper';
import { insertDeliveries } from './delivery-inserts';
import { afterEarlier, awaited } from './delivery-order';

/** Deliveries and their attempts in typed SQL (ADR 0031); one statement per step of the hot path. */
@Injectable()
export class DeliveryRepository extends DeliveryStore {
  /** Outcomes written outside a unit of work: one statement in flight at a time (ADR 0065). */
  private readonly outcomes = new Coalescer<Outcome, Delivery | null>((outcomes) =>
    writeOutcomes(this.dataSource.manager, outcomes),
  );

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /** One statement in the creating transaction (see insertDeliveries). */
  async addIfAbsent(
    work: UnitOfWork,
    delivery: NewDelivery,
    origin: DeliveryOrigin,
    start: DeliveryStart,
  ): Promise<{ delivery: Delivery; created: boolean }> {
    const tx = entityManagerOf(work);
    const inserted = await insertDeliveries(tx, [{ delivery, origin, start, turn: 0 }]);
    if (inserted.length > 0) {
      return { delivery: DeliveryMapper.toDomain(inserted[0]), created: true };
    }
    const [row]: DeliveryRow[] = await tx.query(`SELECT * FROM deliveries WHERE dedupe_key = $1`, [
      delivery.dedupeKey,
    ]);
    return { delivery: DeliveryMapper.toDomain(row), created: false };
  }

  async addAllIfAbsent(
    work: UnitOfWork,
    entries: readonly NewDeliveryEntry[],
  ): Promise<Map<string, Delivery>> {
    if (entries.length === 0) return new Map();
    const inserted = await insertDeliveries(entityManagerOf(work), entries);
    return new Map(inserted.map((row) => [row.dedupe_key, DeliveryMapper.toDomain(row)]));
  }

  /**
   * The lease holds the delivery past the attempt's time limit, in wall-clock time (`leased_until`);
   * next_attempt_at moves as far in the project's time, so the delivery falls due again when the
   * lease runs out. The attempt row is written here.
   */
  async claimDue(work: UnitOfWork, limit: number, leaseMs: number): Promise<Delivery[]> {
    const tx = entityManagerOf(work);
    const rows = await updateReturning(tx, CLAIM_BY_WALL_CLOCK, [limit, leaseMs]);
    // A sandbox project's clock may have run ahead (ADR 0069): what is due in its time is claimed
    // by a second statement, over the few projects with a clock, when slots are left.
    if (rows.length < limit) {
      rows.push(
        ...(await updateReturning(tx, CLAIM_BY_PROJECT_CLOCK, [limit - rows.length, leaseMs])),
      );
    }
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    await tx.query(
      `UPDATE delivery_attempts SET outcome = 'abandoned', finished_at = now()
       WHERE delivery_id = ANY($1::uuid[]) AND outcome = 'in-flight'`,
      [ids],
    );
    await tx.query(
      `INSERT INTO delivery_attempts (delivery_id, number, outcome)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[])`,
      [ids, rows.map((r) => r.attempts), rows.map(() => 'in-flight')],
    );
    return rows.map((row) => DeliveryMapper.toDomain(row));
  }

  /** The partial index on pending deliveries by due time answers it with one row. */
  async nextDueAt(): Promise<Date | null> {
    // In wall-clock time: a delivery of a project whose clock ran ahead is due that much sooner,
    // but not before the lease of its attempt in flight runs out (its clock may have run past it).
    // One waiting for an older delivery of its payment (ADR 0010) is due when that one is done.
    const [row]: { due: Date | null }[] = await this.dataSource.query(NEXT_DUE_AT);
    return row?.due ?? null;
  }

  /**
   * One statement: the attempt row and the delivery, guarded by the claim's attempt number and the
   * pending status; timestamps are the database's. Without a unit of work it runs on its own and
   * is atomic as one statement is (both rows or neither), shared with the other outcomes finished
   * while the previous one was in flight (ADR 0065); in a unit of work it is that transaction's.
   */
  completeAttempt(
    work: UnitOfWork | null,
    delivery: Delivery,
    update: DeliveryUpdate,
  ): Promise<Delivery | null> {
    const outcome = outcomeOf(delivery, update);
    if (!work) return this.outcomes.add(outcome);
    return writeOutcomes(entityManagerOf(work), [outcome]).then(([stored]) => stored);
  }

  /**
   * Guarded by the claim's attempt number: a delivery claimed again meanwhile stays as it is. Not
   * held past the end of its schedule (`scheduleMs` from the cycle's start).
   */
  async unclaim(
    work: UnitOfWork,
    deliveries: Delivery[],
    until: Date,
    scheduleMs: number,
  ): Promise<void> {
    if (deliveries.length === 0) return;
    await entityManagerOf(work).query(
      `WITH claimed AS (
         SELECT * FROM unnest($1::uuid[], $2::int[]) AS c (id, attempts)
       ), attempt AS (
         DELETE FROM delivery_attempts a USING claimed c
         WHERE a.delivery_id = c.id AND a.number = c.attempts AND a.outcome = 'in-flight'
       )
       UPDATE deliveries d SET
         attempts = d.attempts - 1,
         cycle_attempts = d.cycle_attempts - 1,
         next_attempt_at = LEAST($3, d.cycle_started_at + make_interval(secs => $4::float8 / 1000)),
         leased_until = NULL,
         updated_at = now()
       FROM claimed c
       WHERE d.id = c.id AND d.attempts = c.attempts AND d.status = 'pending'`,
      [
        deliveries.map((d) => d.state.id),
        deliveries.map((d) => d.state.attempts),
        until,
        scheduleMs,
      ],
    );
  }

  /** The partial index on pending deliveries by destination covers it. */
  async holdDestination(
    work: UnitOfWork,
    destination: string,
    until: Date,
    scheduleMs: number,
  ): Promise<number> {
    const result: unknown = await entityManagerOf(work).query(
      `WITH held AS (
         SELECT id, LEAST($2, cycle_started_at + make_interval(secs => $3::float8 / 1000)) AS until
         FROM deliveries WHERE status = 'pending' AND destination = $1 AND next_attempt_at < $2
           AND ${CLOCK_OF_DELIVERIES} = interval '0'
       )
       UPDATE deliveries d SET next_attempt_at = held.until
       FROM held WHERE d.id = held.id AND d.next_attempt_at < held.until`,
      [destination, until, scheduleMs],
    );
    return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
  }

  async lockById(work: UnitOfWork, id: string): Promise<Delivery | null> {
    const rows: DeliveryRow[] = await entityManagerOf(work).query(
      `SELECT * FROM deliveries WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ? DeliveryMapper.toDomain(rows[0]) : null;
  }

  /** Guarded by the dead status the replay started from; next_attempt_at is the database's now. */
  async saveReplayed(work: UnitOfWork, delivery: Delivery): Promise<Delivery> {
    const tx = entityManagerOf(work);
    const rows = await updateReturning(
      tx,
      `UPDATE deliveries SET status = 'pending', cycle_attempts = 0, cycle_started_at = now(),
         next_attempt_at = now() + ${CLOCK_OF_DELIVERIES},
         dead_at = NULL, updated_at = now()
       WHERE id = $1 AND status = 'dead' RETURNING *`,
      [delivery.state.id],
    );
    await tx.query(`SELECT pg_notify($1, '')`, [DELIVERIES_DUE_CHANNEL]);
    return DeliveryMapper.toDomain(rows[0]);
  }

  async saveReported(work: UnitOfWork, delivery: Delivery): Promise<void> {
    const { id, reportedOutcome } = delivery.state;
    await entityManagerOf(work).query(`UPDATE deliveries SET reported_outcome = $2 WHERE id = $1`, [
      id,
      reportedOutcome,
    ]);
  }

  /** The partial index on pending deliveries covers it. */
  async countPendingByKind(): Promise<Map<DeliveryKind, number>> {
    const rows: { kind: DeliveryKind; count: string }[] = await this.dataSource.query(
      `SELECT kind, count(*) AS count FROM deliveries WHERE status = 'pending' GROUP BY kind`,
    );
    return new Map(rows.map((row) => [row.kind, Number(row.count)]));
  }

  async list(filter: DeliveryFilter): Promise<{ total: number; items: Delivery[] }> {
    const tx = this.dataSource.manager;
    const conditions: string[] = [];
    const values: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      values.push(value);
      conditions.push(sql.replace('?', `$${values.length}`));
    };
    if (filter.status) add('status = ?', filter.status);
    if (filter.kind) add('kind = ?', filter.kind);
    if (filter.projectId !== undefined) add('project_id = ?', filter.projectId);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const [{ count }]: { count: string }[] = await tx.query(
      `SELECT count(*) AS count FROM deliveries ${where}`,
      values,
    );
    const rows: DeliveryRow[] = await tx.query(
      `SELECT * FROM deliveries ${where}
       ORDER BY created_at DESC, id LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, filter.limit, (filter.page - 1) * filter.limit],
    );
    return { total: Number(count), items: rows.map((row) => DeliveryMapper.toDomain(row)) };
  }
}

/** A delivery's project clock (ADR 0069): its times are in its project's time. */
const CLOCK_OF_DELIVERIES = projectClockOffsetSql('deliveries.project_id');

/**
 * Where a retry's delay counts from: now, or for a project whose clock was advanced (ADR 0069) the
 * time its attempt fell due, so an advance runs the retries in between, each at its own time.
 */
const retryFrom = (table: string): string => {
  const clock = projectClockOffsetSql(`${table}.project_id`);
  return `CASE WHEN ${clock} > interval '0'
    THEN COALESCE(${table}.attempt_due_at, now() + ${clock}) ELSE now() END`;
};

/** When the next pending delivery falls due, on either clock (nextDueAt). */
export const NEXT_DUE_AT = `SELECT LEAST(
  (SELECT min(d.next_attempt_at) FROM deliveries d
   WHERE d.status = 'pending' AND ${afterEarlier('d')}),
  (SELECT min(GREATEST(d.next_attempt_at - pc.offset_ms * interval '1 millisecond', d.leased_until))
   FROM project_clocks pc JOIN deliveries d ON d.project_id = pc.project_id
   WHERE d.status = 'pending' AND ${afterEarlier('d')})) AS due`;

/**
 * Due on the wall clock. A leased delivery is not: its next_attempt_at is the lease's end plus its
 * project's offset at the claim, never before `leased_until` (an offset only grows, ADR 0069).
 */
const DUE_BY_WALL_CLOCK = `SELECT d.id FROM deliveries d
  WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND ${afterEarlier('d')}
  ORDER BY d.next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED`;

/**
 * Due in its project's time, and no attempt of it in flight, or the lease of the one that was has
 * run out on the wall clock (its instance died): an advance of the project's clock moves its due
 * times on at once, but never ends a lease, or the attempt would be started again beside the one
 * still running.
 */
const DUE_BY_PROJECT_CLOCK = `SELECT d.id FROM project_clocks pc
  JOIN deliveries d ON d.project_id = pc.project_id
  WHERE d.status = 'pending' AND d.next_attempt_at > now()
    AND d.next_attempt_at <= now() + pc.offset_ms * interval '1 millisecond'
    AND (d.leased_until IS NULL OR d.leased_until <= now()) AND ${afterEarlier('d')}
  ORDER BY d.next_attempt_at LIMIT $1 FOR UPDATE OF d SKIP LOCKED`;

/**
 * Claims the deliveries `due` selects: an attempt counted, the time it fell due kept, and leased
 * until the attempt's time limit has passed on the wall clock (`leased_until`); next_attempt_at
 * is as far on in the project's time, where the delivery falls due again if the lease runs out.
 */
const claimSql = (due: string): string => `WITH due AS (${due})
  UPDATE deliveries d SET
    attempts = d.attempts + 1,
    cycle_attempts = d.cycle_attempts + 1,
    attempt_due_at = d.next_attempt_at,
    next_attempt_at = now() + ${projectClockOffsetSql('d.project_id')}
      + make_interval(secs => $2::float8 / 1000),
    leased_until = now() + make_interval(secs => $2::float8 / 1000),
    updated_at = now()
  FROM due WHERE d.id = due.id
  RETURNING d.*`;

export const CLAIM_BY_WALL_CLOCK = claimSql(DUE_BY_WALL_CLOCK);
const CLAIM_BY_PROJECT_CLOCK = claimSql(DUE_BY_PROJECT_CLOCK);

/** TypeORM answers an UPDATE ... RETURNING on PostgreSQL with [rows, affected]. */
async function updateReturning(
  tx: EntityManager,
  sql: string,
  params: unknown[],
): Promise<DeliveryRow[]> {
  const result: unknown = await tx.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0])) {
    return result[0] as DeliveryRow[];
  }
  return result as DeliveryRow[];
}

/** An attempt's outcome as the outcome statements write it (the claim's attempt number guards it). */
interface Outcome {
  id: string;
  attempts: number;
  status: DeliveryUpdate['status'];
  error: string | null;
  httpStatus: number | null;
  retryInMs: number;
  attemptOutcome: 'succeeded' | 'failed';
}

function outcomeOf(delivery: Delivery, update: DeliveryUpdate): Outcome {
  const { id, attempts } = delivery.state;
  return {
    id,
    attempts,
    status: update.status,
    error: update.status === 'succeeded' ? null : update.error.slice(0, 2000),
    httpStatus: update.httpStatus,
    retryInMs: update.status === 'pending' ? update.retryInMs : 0,
    attemptOutcome: update.status === 'succeeded' ? 'succeeded' : 'failed',
  };
}

/**
 * Outcomes, each its attempt row and its delivery, in one statement (ADR 0033), guarded by the
 * claim's attempt number and the pending status: one result per outcome, in their order, null
 * where the guard did not match. Rows are taken in id order, so two such statements never wait
 * for each other crosswise. A delivery that ends (delivered or dead) while another of its payment
 * waits for it (ADR 0010) wakes the schedulers, once per statement: no round follows an attempt
 * otherwise, and the waiting one would go out only at the next poll. `woken` is read in the final
 * filter for the reason insertDeliveries gives.
 */
export const WRITE_OUTCOMES = `WITH done AS (
   SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::int[],
     $6::float8[], $7::text[])
     AS o (id, attempts, status, error, http_status, retry_ms, attempt_outcome)
 ), attempt AS (
   UPDATE delivery_attempts a SET outcome = o.attempt_outcome, http_status = o.http_status,
     error = o.error, finished_at = now()
   FROM done o
   WHERE a.delivery_id = o.id AND a.number = o.attempts AND a.outcome = 'in-flight'
 ), updated AS (
   UPDATE deliveries d SET
     status = o.status,
     last_error = o.error,
     last_http_status = o.http_status,
     next_attempt_at = CASE WHEN o.status = 'pending'
       THEN ${retryFrom('d')} + make_interval(secs => o.retry_ms / 1000) ELSE NULL END,
     succeeded_at = CASE WHEN o.status = 'succeeded' THEN now() ELSE d.succeeded_at END,
     dead_at = CASE WHEN o.status = 'dead' THEN now() ELSE NULL END,
     leased_until = NULL,
     updated_at = now()
   FROM done o
   WHERE d.id = o.id AND d.attempts = o.attempts AND d.status = 'pending'
   RETURNING d.*
 ), woken AS (
   SELECT pg_notify($8, '') WHERE EXISTS (
     SELECT 1 FROM updated u WHERE u.status <> 'pending' AND ${awaited('u')})
 )
 SELECT updated.* FROM updated WHERE (SELECT count(*) FROM woken) >= 0`;

/** Records outcomes by WRITE_OUTCOMES, in id order; one answer per outcome, in their order. */
async function writeOutcomes(
  tx: EntityManager,
  outcomes: readonly Outcome[],
): Promise<(Delivery | null)[]> {
  const sorted = [...outcomes].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rows = await updateReturning(tx, WRITE_OUTCOMES, [
    sorted.map((o) => o.id),
    sorted.map((o) => o.attempts),
    sorted.map((o) => o.status),
    sorted.map((o) => o.error),
    sorted.map((o) => o.httpStatus),
    sorted.map((o) => o.retryInMs),
    sorted.map((o) => o.attemptOutcome),
    DELIVERIES_DUE_CHANNEL,
  ]);
  const stored = new Map(rows.map((row) => [`${row.id}/${row.attempts}`, row]));
  return outcomes.map((o) => {
    const row = stored.get(`${o.id}/${o.attempts}`);
    return row ? DeliveryMapper.toDomain(row) : null;
  });
}
