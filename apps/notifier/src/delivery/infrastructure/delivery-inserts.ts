import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { projectClockOffsetSql } from '@opp/snapshots';
import { DELIVERIES_DUE_CHANNEL, type NewDeliveryEntry } from '../application/delivery.store';
import { destinationOf, methodOf, targetOf } from '../domain/delivery';
import type { DeliveryRow } from './delivery.mapper';
import { afterEarlier, afterSoonerGiven, createdAtInStatement } from './delivery-order';

/** The project's clock (ADR 0069): a delivery's times are in its project's time. */
const CLOCK = projectClockOffsetSql('input.project_id');

/**
 * New deliveries in one statement, whatever their number (ADR 0065): one array per column, so the
 * text is the same for one row or fifty and is prepared once (ADR 0065). A row whose dedupe key is
 * taken (an event delivered again, in this call or before) is skipped. A claimed delivery is
 * inserted with its first attempt counted, its in-flight attempt row beside it (ADR 0033) and its
 * lease on the wall clock (`leased_until`, as a claim's), so sending it needs no claim of its own;
 * an unclaimed one due now wakes the schedulers (one held with its destination falls due with the
 * rows held before it, which they already wait for: ADR 0033), once per statement. The final
 * SELECT reads `woken` in its filter because a CTE that nothing reads is never run (joined instead,
 * the planner would drop it as unused and nothing would be notified). Answers the inserted rows.
 */
export function insertDeliveries(
  tx: EntityManager,
  entries: readonly NewDeliveryEntry[],
): Promise<DeliveryRow[]> {
  const column = <T>(of: (entry: NewDeliveryEntry) => T): T[] => entries.map(of);
  return tx.query(
    `WITH given AS (
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[],
         $7::text[], $8::text[], $9::text[], $10::jsonb[], $11::jsonb[], $12::text[], $13::text[],
         $14::text[], $15::float8[], $16::timestamptz[], $18::text[], $19::int[]) WITH ORDINALITY
         AS i(id, kind, dedupe_key, project_id, partner_identifier, subject, method, target,
           destination, request, task, correlation_id, traceparent, tracestate, asked_claim_ms,
           not_before, follows, turn, n)
     ), input AS (
       -- Claimed only when no older delivery of its project about its subject or the one it
       -- follows is pending, nor one of an earlier event given here: it waits its turn like any
       -- other (ADR 0010, in order per payment).
       SELECT given.*, ${createdAtInStatement('turn')} AS created_at,
         CASE WHEN ${afterEarlier('given', 'now()')} AND ${afterSoonerGiven('given', 'given')}
           THEN asked_claim_ms END AS claimed_ms
       FROM given
     ), inserted AS (
       INSERT INTO deliveries (id, kind, status, dedupe_key, project_id, partner_identifier,
         subject, follows, method, target, destination, request, task, attempts, cycle_attempts,
         next_attempt_at, attempt_due_at, leased_until, correlation_id, traceparent, tracestate,
         created_at)
       SELECT id, kind, 'pending', dedupe_key, project_id, partner_identifier, subject, follows, method,
         target, destination, request, task,
         CASE WHEN claimed_ms IS NULL THEN 0 ELSE 1 END,
         CASE WHEN claimed_ms IS NULL THEN 0 ELSE 1 END,
         CASE WHEN claimed_ms IS NULL THEN GREATEST(now(), COALESCE(not_before, now()))
           ELSE now() + make_interval(secs => claimed_ms / 1000) END + ${CLOCK},
         CASE WHEN claimed_ms IS NULL THEN NULL ELSE now() + ${CLOCK} END,
         CASE WHEN claimed_ms IS NULL THEN NULL
           ELSE now() + make_interval(secs => claimed_ms / 1000) END,
         correlation_id, traceparent, tracestate, created_at
       FROM input ORDER BY n
       ON CONFLICT (dedupe_key) DO NOTHING RETURNING *
     ), attempt AS (
       INSERT INTO delivery_attempts (delivery_id, number, outcome)
       SELECT inserted.id, 1, 'in-flight' FROM inserted JOIN input USING (id)
       WHERE input.claimed_ms IS NOT NULL
     ), woken AS (
       SELECT pg_notify($17, '') WHERE EXISTS (
         SELECT 1 FROM inserted JOIN input USING (id)
         WHERE input.claimed_ms IS NULL AND input.not_before IS NULL)
     )
     SELECT inserted.* FROM inserted WHERE (SELECT count(*) FROM woken) >= 0`,
    [
      column(() => randomUUID()),
      column(({ delivery }) => delivery.kind),
      column(({ delivery }) => delivery.dedupeKey),
      column(({ delivery }) => delivery.projectId),
      column(({ delivery }) => delivery.partnerIdentifier),
      column(({ delivery }) => delivery.subject),
      column(({ delivery }) => methodOf(delivery.request)),
      column(({ delivery }) => targetOf(delivery.request)),
      column(({ delivery }) => destinationOf(delivery.request)),
      column(({ delivery }) => JSON.stringify(delivery.request)),
      column(({ delivery }) => (delivery.task ? JSON.stringify(delivery.task) : null)),
      column(({ origin }) => origin.correlationId),
      column(({ origin }) => origin.traceparent),
      column(({ origin }) => origin.tracestate),
      column(({ start }) => ('claimedForMs' in start ? start.claimedForMs : null)),
      column(({ start }) => ('notBefore' in start ? start.notBefore : null)),
      DELIVERIES_DUE_CHANNEL,
      column(({ delivery }) => delivery.follows ?? null),
      column(({ turn }) => turn),
    ],
  );
}
