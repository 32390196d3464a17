/**
 * ADR 0010, in order per payment: a delivery of a project starts no attempt while an older one
 * of the same project about its own subject, or about the subject it follows (a refund's
 * payment), is still pending. `row` names the delivery's row (or its input) in the statement;
 * `createdAt` its creation time (a row not inserted yet: now()). Deliveries made in one statement
 * are `createdAtInStatement` apart, in their order in it.
 *
 * `OFFSET 0` keeps the check a probe of the pending-by-subject index per row the statement reads.
 * Without it PostgreSQL turns it into an anti-join hashed on the project alone (the two subjects
 * are no join key) and compares every pending delivery of a project with every other: a project
 * with 10,000 pending (its endpoint down) made each claim take 25 s of the database's CPU, for
 * every project's deliveries.
 */
export const afterEarlier = (row: string, createdAt = `${row}.created_at`): string => `NOT EXISTS (
  SELECT 1 FROM deliveries earlier
  WHERE earlier.status = 'pending' AND earlier.project_id = ${row}.project_id
    AND earlier.subject IN (${row}.subject, ${row}.follows)
    AND earlier.created_at < ${createdAt} AND earlier.id <> ${row}.id
  OFFSET 0)`;

/**
 * The rule above seen from the older side: a pending delivery waits for `row` (of its project,
 * about `row`'s subject or following it, and younger). Probed per row by index, as above.
 */
export const awaited = (row: string): string => `EXISTS (
  SELECT 1 FROM deliveries waiting
  WHERE waiting.status = 'pending' AND waiting.project_id = ${row}.project_id
    AND ${row}.subject IN (waiting.subject, waiting.follows)
    AND waiting.created_at > ${row}.created_at
  OFFSET 0)`;

/**
 * Deliveries made in one statement (a run of events, ADR 0065) are ordered as their events were
 * given: those of each event are created a microsecond after those of the event before it (`turn`
 * its 0-based place), so the rule above orders them once stored; those of one event share their
 * time. A statement's rows never reach the next statement's now().
 */
export const createdAtInStatement = (turn: string): string =>
  `now() + ${turn} * interval '1 microsecond'`;

/**
 * ADR 0010 among the rows given to one statement: none of an earlier event given before it of its
 * project about its subject or the one it follows.
 */
export const afterSoonerGiven = (row: string, given: string): string => `NOT EXISTS (
  SELECT 1 FROM ${given} sooner
  WHERE sooner.turn < ${row}.turn AND sooner.project_id = ${row}.project_id
    AND sooner.subject IN (${row}.subject, ${row}.follows))`;
