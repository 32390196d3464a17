import { ApiError, ErrorCode } from '@opp/errors';
import { fieldText } from '../../http/form-fields';
import type { SandboxClockView } from '../application/sandbox-clock.use-cases';
import { projectTimeOf } from '../domain/sandbox-clock';

type Params = Record<string, unknown>;

const DAY_MS = 86_400_000;

function wholeNumber(params: Params, name: string): number {
  const text = fieldText(params, name)?.trim();
  if (text === undefined || text === '') return 0;
  if (!/^\d{1,10}$/.test(text)) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be a whole number`);
  }
  return Number(text);
}

/** How far to advance: `days` and `seconds`, added (at least one, ADR 0069). */
export function readAdvance(params: Params): number {
  const byMs = wholeNumber(params, 'days') * DAY_MS + wholeNumber(params, 'seconds') * 1000;
  if (byMs <= 0) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'give days or seconds to advance by (above 0)');
  }
  return byMs;
}

/** A clock as both APIs answer it. */
export function toClockResponse({ clock, sandbox, wall }: SandboxClockView) {
  return {
    projectId: clock.projectId,
    sandbox,
    now: projectTimeOf(clock, wall).toISOString(),
    offsetSeconds: Math.floor(clock.offsetMs / 1000),
    advances: clock.version,
    advancedAt: clock.advancedAt ? clock.advancedAt.toISOString() : null,
  };
}
