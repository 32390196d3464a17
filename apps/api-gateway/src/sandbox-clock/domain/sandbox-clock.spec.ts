import { MAX_PROJECT_CLOCK_OFFSET_MS } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { advanceClock, projectTimeOf, wallClockOf } from './sandbox-clock';

describe('sandbox clock (ADR 0069)', () => {
  const wall = new Date('2026-11-29T00:00:00.000Z');

  it('runs on the wall clock until advanced, then that far ahead, counting the advances', () => {
    const clock = wallClockOf(7);
    expect(projectTimeOf(clock, wall)).toEqual(wall);
    const once = advanceClock(clock, true, 86_400_000, wall);
    if (!once.ok) throw new Error(once.message);
    const twice = advanceClock(once.clock, true, 1000, wall);
    if (!twice.ok) throw new Error(twice.message);
    expect(twice.clock).toEqual({
      projectId: 7,
      offsetMs: 86_401_000,
      version: 2,
      advancedAt: wall,
    });
    expect(projectTimeOf(twice.clock, wall).toISOString()).toBe('2026-11-30T00:00:01.000Z');
  });

  it('refuses a live project (40321), a step that is not forward, and more than ten years (40017)', () => {
    expect(advanceClock(wallClockOf(7), false, 1000, wall)).toMatchObject({
      ok: false,
      code: ErrorCode.SandboxOnly,
    });
    for (const byMs of [0, -1000, 1.5]) {
      expect(advanceClock(wallClockOf(7), true, byMs, wall)).toMatchObject({
        ok: false,
        code: ErrorCode.InvalidParameter,
      });
    }
    expect(advanceClock(wallClockOf(7), true, MAX_PROJECT_CLOCK_OFFSET_MS, wall).ok).toBe(true);
    expect(advanceClock(wallClockOf(7), true, MAX_PROJECT_CLOCK_OFFSET_MS + 1, wall)).toMatchObject(
      { ok: false, code: ErrorCode.InvalidParameter },
    );
  });
});
