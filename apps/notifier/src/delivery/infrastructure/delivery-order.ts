/**
 * ADR 0010, in order per payment: `older` comes before `younger` when both are of one project,
 * `older` about `younger`'s subject or the subject it follows (a refund's payment), and created
 * before it (`youngerCreatedAt`: a row not inserted yet is created at now()). Deliveries made in
 * one statement are ordered by `createdAtInStatement`.
 */
const comesBefore = (
  older: string,
  younger: string,
  youngerCreatedAt = `${younger}.created_at`,
): string => `${older}.project_id = ${younger}.project_id
    AND ${older}.subject IN (${younger}.subject, ${younger}.follows)
    AND ${older}.created_at < ${youngerCreatedAt}`;

/*
 * Both checks below end in `OFFSET 0`, which keeps each a probe of the pending-by-subject (and
 * pending-by-follows) index per row the statement reads. Without it PostgreSQL turns the check into
 * a join hashed on the project alone (the two subjects are no join key) and compares every pending
 * delivery of a project with every other: a project with 10,000 pending (its endpoint down) made
 * each claim take 25 s of the database's CPU, for every project's deliveries.
 */

/**
 * No attempt of a delivery (`row`, its row or its input in the statement) starts while one that
 * comes before it is pending.
 */
export const afterEarlier = (row: string, createdAt = `${row}.created_at`): string => `NOT EXISTS (
  SELECT 1 FROM deliveries earlier
  WHERE earlier.status = 'pending' AND ${comesBefore('earlier', row, createdAt)}
    AND earlier.id <> ${row}.id
  OFFSET 0)`;

/** The rule seen from the older side: a pending delivery waits for `row`. */
export const awaited = (row: string): string => `EXISTS (
  SELECT 1 FROM deliveries waiting
  WHERE waiting.status = 'pending' AND ${comesBefore(row, 'waiting')}
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
