import { ErrorCode } from '@opp/errors';
import type { ApiDocOptions } from '../../http/interface/openapi/api-doc.decorator';
import {
  boolean,
  component,
  dateTime,
  integer,
  nullable,
  object,
  type Schema,
} from '../../http/interface/openapi/schema-refs';

/** The same clock on both APIs, so both documents (and the SDK) name it once. */
const clock = component(
  'SandboxClock',
  object({
    projectId: integer('Project id'),
    sandbox: boolean('Whether the project is a sandbox project (only those have a clock to move)'),
    now: dateTime("The project's time: the wall clock plus the offset"),
    offsetSeconds: integer('How far the project runs ahead of the wall clock'),
    advances: integer('Advances so far'),
    advancedAt: nullable(dateTime('The latest advance (wall clock)')),
  }),
);

const advanceBody = (days: string, seconds: string): Schema =>
  object({
    days: integer(days, { minimum: 0 }),
    seconds: integer(seconds, { minimum: 0 }),
  });

const RULES =
  "A sandbox project's time is the wall clock plus its offset; it drives the project's " +
  'recurring schedule and trials, card token lifetimes, rolling-reserve releases and callback ' +
  'retries. Advancing runs, within about a minute, everything that fell due meanwhile, each at ' +
  'the time it fell due and in that order (ADR 0069). Time never goes back; at most ten years ' +
  'ahead (else 40017). A live project answers 403 40321.';

/** The sandbox clock on both APIs (ADR 0069). */
export const SandboxClockDocs = {
  adminGet: {
    summary: "Read a project's sandbox clock",
    auth: 'admin',
    response: clock,
    errors: [ErrorCode.ProjectNotFound],
  },
  adminAdvance: {
    summary: "Sandbox: advance a project's clock",
    description: `${RULES} JSON body: days and/or seconds, added.`,
    auth: 'admin',
    body: advanceBody('Days to advance by', 'Seconds to advance by (added to days)'),
    response: clock,
    errors: [ErrorCode.ProjectNotFound, ErrorCode.SandboxOnly],
  },
  merchantGet: {
    summary: "The project's sandbox clock (signed)",
    description: "The project's time now; the wall clock for a project never advanced.",
    auth: 'merchant-signed',
    response: clock,
  },
  merchantAdvance: {
    summary: "Sandbox: advance the project's own clock (signed, replay-guarded)",
    description: `${RULES} One signature advances once: a repeat answers the first outcome.`,
    auth: 'merchant-signed',
    body: advanceBody('Days to advance by', 'Seconds to advance by (added to days)'),
    response: clock,
    errors: [ErrorCode.SandboxOnly],
  },
} satisfies Record<string, ApiDocOptions>;
