import type { TaskCommandV1 } from '@opp/contracts';

export interface RecurringChargeTask {
  userId: string;
  price: string;
  currency: string;
  orderId?: string;
  description?: string;
  attributes: Record<string, string>;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : undefined;

/**
 * A `recurring.charge` task's payload takes the fields of POST /card/processRecurring (ADR 0005):
 * user, price, currency, order_id?, description?, attr_*; the partner's project stands in for
 * `project`. Amount rules (ADR 0009) are payments' to check.
 */
export function recurringChargeTaskOf(
  task: TaskCommandV1,
): { ok: true; value: RecurringChargeTask } | { ok: false; reason: string } {
  const p = task.payload;
  const userId = text(p.user);
  if (!userId || !/^\d{1,18}$/.test(userId)) return { ok: false, reason: 'User missing' };
  const price = text(p.price);
  if (!price) return { ok: false, reason: 'price is required' };
  const currency = text(p.currency);
  if (!currency || !/^[A-Z]{3}$/.test(currency)) {
    return { ok: false, reason: 'currency: ISO 4217 three letters' };
  }
  const orderId = text(p.order_id);
  if (orderId !== undefined && orderId.length > 64) {
    return { ok: false, reason: 'order_id: at most 64 characters' };
  }
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(p)) {
    const v = text(value);
    if (name.startsWith('attr_') && v !== undefined) attributes[name] = v;
  }
  return {
    ok: true,
    value: { userId, price, currency, orderId, description: text(p.description), attributes },
  };
}
