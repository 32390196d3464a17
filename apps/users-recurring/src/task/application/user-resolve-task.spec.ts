import { randomUUID } from 'node:crypto';
import type { TaskCommandV1 } from '@opp/contracts';
import { resolveUserCommandOf } from './user-resolve-task';

const task = (payload: Record<string, unknown>, userIp?: string): TaskCommandV1 => ({
  taskId: randomUUID(),
  globalId: randomUUID(),
  function: 'user.resolve',
  projectId: 7,
  partnerIdentifier: 'partner',
  payload,
  ...(userIp ? { userIp } : {}),
});

describe('resolveUserCommandOf', () => {
  it('reads the fields of POST /user/resolve for the partner project', () => {
    expect(
      resolveUserCommandOf(task({ identifier: 'u-1', ip: '10.0.0.1', display_name: 'Ann' })),
    ).toEqual({
      ok: true,
      command: expect.objectContaining({
        projectId: 7,
        identifier: 'u-1',
        ip: '10.0.0.1',
        displayName: 'Ann',
      }),
    });
  });

  it("takes the user's IP from the request settings when the task has none", () => {
    const parsed = resolveUserCommandOf(task({ identifier: 'u-2' }, '192.0.2.1'));
    expect(parsed.ok && parsed.command.ip).toBe('192.0.2.1');
  });

  it('fails a task without identifier or IP, or with invalid fields', () => {
    expect(resolveUserCommandOf(task({ ip: '10.0.0.1' }))).toEqual({
      ok: false,
      reason: 'User identifier missing',
    });
    expect(resolveUserCommandOf(task({ identifier: 'u-3' }))).toEqual({
      ok: false,
      reason: 'User IP address missing',
    });
    expect(
      resolveUserCommandOf(task({ identifier: 'u-4', ip: '1.1.1.1', locale: 'english' })).ok,
    ).toBe(false);
  });
});
