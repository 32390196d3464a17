import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { DeliveryKind, DeliveryStatus } from '@opp/contracts';
import {
  methodOf,
  targetOf,
  type Delivery,
  type DeliveryOrigin,
  type NewDelivery,
} from '../domain/delivery';
import { DeliveryMapper, type DeliveryRow } from './delivery.mapper';

/** Committing a new or replayed delivery wakes every replica's scheduler (LISTEN/NOTIFY). */
export const DELIVERIES_DUE_CHANNEL = 'deliveries_due';

export interface DeliveryFilter {
  status?: DeliveryStatus;
  kind?: DeliveryKind;
  projectId?: number;
  page: number;
  limit: number;
}

export type DeliveryUpdate =
  | { status: 'succeeded'; httpStatus: number | null }
  | { status: 'pending'; error: string; httpStatus: number | null; retryInMs: number }
  | { status: 'dead'; error: string; httpStatus: number | null };

@Injectable()
export class DeliveryRepository {
  /** Inserts the delivery unless one with its dedupe key exists; either way returns the stored one. */
  async insertIfAbsent(
    tx: EntityManager,
    d: NewDelivery,
    origin: DeliveryOrigin,
  ): Promise<{ delivery: Delivery; created: boolean }> {
    const inserted: DeliveryRow[] = await tx.query(
      `INSERT INTO deliveries (id, kind, status, dedupe_key, project_id, partner_identifier, subject,
         method, target, request, task, next_attempt_at, correlation_id, traceparent, tracestate)
       VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, now(), $11, $12, $13)
       ON CONFLICT (dedupe_key) DO NOTHING RETURNING *`,
      [
        randomUUID(),
        d.kind,
        d.dedupeKey,
        d.projectId,
        d.partnerIdentifier,
        d.subject,
        methodOf(d.request),
        targetOf(d.request),
        JSON.stringify(d.request),
        d.task ? JSON.stringify(d.task) : null,
        origin.correlationId,
        origin.traceparent,
        origin.tracestate,
      ],
    );
    if (inserted.length > 0) {
      await tx.query(`SELECT pg_notify($1, '')`, [DELIVERIES_DUE_CHANNEL]);
      return { delivery: DeliveryMapper.toDomain(inserted[0]), created: true };
    }
    const [row]: DeliveryRow[] = await tx.query(`SELECT * FROM deliveries WHERE dedupe_key = $1`, [
      d.dedupeKey,
    ]);
    return { delivery: DeliveryMapper.toDomain(row), created: false };
  }

  /**
   * Claims up to `limit` due deliveries for this replica: rows another replica holds are skipped,
   * and each claimed one is leased (next_attempt_at moves past the attempt's time limit), so a
   * replica that dies mid-attempt hands it back when the lease ends. The attempt row is written
   * here, before anything is sent.
   */
  async claimDue(tx: EntityManager, limit: number, leaseMs: number): Promise<Delivery[]> {
    const rows = await updateReturning(
      tx,
      `WITH due AS (
         SELECT id FROM deliveries
         WHERE status = 'pending' AND next_attempt_at <= now()
         ORDER BY next_attempt_at
         LIMIT $1
         FOR UPDATE SKIP LOCKED
       )
       UPDATE deliveries d SET
         attempts = d.attempts + 1,
         cycle_attempts = d.cycle_attempts + 1,
         next_attempt_at = now() + make_interval(secs => $2::float8 / 1000),
         updated_at = now()
       FROM due WHERE d.id = due.id
       RETURNING d.*`,
      [limit, leaseMs],
    );
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

  /**
   * Records an attempt's outcome. Only the holder of the latest claim may: when a lease ran out and
   * another replica claimed the delivery again (or it was replayed), this answers null.
   */
  async completeAttempt(
    tx: EntityManager,
    delivery: Delivery,
    update: DeliveryUpdate,
  ): Promise<Delivery | null> {
    const error = update.status === 'succeeded' ? null : update.error.slice(0, 2000);
    await tx.query(
      `UPDATE delivery_attempts SET outcome = $3, http_status = $4, error = $5, finished_at = now()
       WHERE delivery_id = $1 AND number = $2 AND outcome = 'in-flight'`,
      [
        delivery.id,
        delivery.attempts,
        update.status === 'succeeded' ? 'succeeded' : 'failed',
        update.httpStatus,
        error,
      ],
    );
    const [updated] = await updateReturning(
      tx,
      `UPDATE deliveries SET
         status = $3,
         last_error = $4,
         last_http_status = $5,
         next_attempt_at = CASE WHEN $3 = 'pending'
           THEN now() + make_interval(secs => $6::float8 / 1000) ELSE NULL END,
         succeeded_at = CASE WHEN $3 = 'succeeded' THEN now() ELSE succeeded_at END,
         dead_at = CASE WHEN $3 = 'dead' THEN now() ELSE NULL END,
         updated_at = now()
       WHERE id = $1 AND attempts = $2 AND status = 'pending'
       RETURNING *`,
      [
        delivery.id,
        delivery.attempts,
        update.status,
        error,
        update.httpStatus,
        update.status === 'pending' ? update.retryInMs : 0,
      ],
    );
    return updated ? DeliveryMapper.toDomain(updated) : null;
  }

  async findById(tx: EntityManager, id: string, lock = false): Promise<Delivery | null> {
    const rows: DeliveryRow[] = await tx.query(
      `SELECT * FROM deliveries WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ? DeliveryMapper.toDomain(rows[0]) : null;
  }

  /** A dead delivery goes back to pending, due now, at the start of a fresh retry schedule. */
  async replay(tx: EntityManager, id: string): Promise<Delivery> {
    const rows = await updateReturning(
      tx,
      `UPDATE deliveries SET status = 'pending', cycle_attempts = 0, next_attempt_at = now(),
         dead_at = NULL, updated_at = now()
       WHERE id = $1 AND status = 'dead' RETURNING *`,
      [id],
    );
    await tx.query(`SELECT pg_notify($1, '')`, [DELIVERIES_DUE_CHANNEL]);
    return DeliveryMapper.toDomain(rows[0]);
  }

  async markReported(tx: EntityManager, id: string, outcome: 'SUCCESS' | 'FAIL'): Promise<void> {
    await tx.query(`UPDATE deliveries SET reported_outcome = $2 WHERE id = $1`, [id, outcome]);
  }

  /** Deliveries waiting for an attempt (first or retry), by kind; the partial index covers it. */
  async countPendingByKind(manager: EntityManager): Promise<Map<DeliveryKind, number>> {
    const rows: { kind: DeliveryKind; count: string }[] = await manager.query(
      `SELECT kind, count(*) AS count FROM deliveries WHERE status = 'pending' GROUP BY kind`,
    );
    return new Map(rows.map((row) => [row.kind, Number(row.count)]));
  }

  async list(
    tx: EntityManager,
    filter: DeliveryFilter,
  ): Promise<{ total: number; items: Delivery[] }> {
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
