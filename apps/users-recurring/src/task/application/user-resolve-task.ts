import type { ResolveUserV1, TaskCommandV1 } from '@opp/contracts';
import { ResolveUserV1 as ResolveUserSchema, validateAgainst } from '@opp/contracts';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : undefined;

/**
 * A `user.resolve` task's payload takes the fields of POST /user/resolve (ADR 0005), the partner's
 * project standing in for `project`; the user's IP may come from the request's `settings.userIp`.
 */
export function resolveUserCommandOf(
  task: TaskCommandV1,
): { ok: true; command: ResolveUserV1 } | { ok: false; reason: string } {
  const p = task.payload;
  const candidate = Object.fromEntries(
    Object.entries({
      projectId: task.projectId,
      identifier: text(p.identifier),
      ip: text(p.ip) ?? task.userIp,
      displayName: text(p.display_name),
      email: text(p.email),
      phone: text(p.phone),
      locale: text(p.locale),
      ua: text(p.ua),
    }).filter(([, value]) => value !== undefined),
  );
  if (!candidate.identifier) return { ok: false, reason: 'User identifier missing' };
  if (!candidate.ip) return { ok: false, reason: 'User IP address missing' };
  const validated = validateAgainst(ResolveUserSchema, candidate);
  return validated.ok
    ? { ok: true, command: validated.value }
    : { ok: false, reason: `Invalid user: ${validated.problems.join('; ')}` };
}
