/**
 * ADR 0010, in order per payment: a delivery of a project starts no attempt while an older one
 * of the same project about its own subject, or about the subject it follows (a refund's
 * payment), is still pending. `row` names the delivery's row (or its input) in the statement;
 * `createdAt` its creation time (a row not inserted yet: now()). Deliveries made in one statement
 * share their `created_at` and are not ordered among themselves.
 */
export const afterEarlier = (row: string, createdAt = `${row}.created_at`): string => `NOT EXISTS (
  SELECT 1 FROM deliveries earlier
  WHERE earlier.status = 'pending' AND earlier.project_id = ${row}.project_id
    AND earlier.subject IN (${row}.subject, ${row}.follows)
    AND earlier.created_at < ${createdAt} AND earlier.id <> ${row}.id)`;
