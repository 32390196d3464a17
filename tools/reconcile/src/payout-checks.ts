import { difference, type Difference, type Queryable } from './difference';

interface PayoutRow {
  id: string;
  amount_minor: string;
  currency: string;
  status: string;
}

const selectPayouts = (table: 'payouts' | 'payout_orders') =>
  `SELECT id::text AS id, amount_minor::text AS amount_minor, currency, status
   FROM ${table} WHERE project_id = $1 ORDER BY id`;

/** The payouts order status that matches each payments payout status (ADR 0060). */
const ORDER_STATUS_OF: Record<string, string> = {
  reserved: 'processing',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** The entries a payout has in each status: reserved, then posted out or released. */
const ENTRIES_OF: Record<string, string[]> = {
  reserved: ['payout-reservation'],
  completed: ['payout-reservation', 'payout'],
  failed: ['payout-reservation', 'payout-release'],
  cancelled: ['payout-reservation', 'payout-release'],
};

/**
 * Payments' payout reservations against payouts' orders (two databases, both read): the same
 * payouts with the same amounts and matching statuses, the entries each status calls for, and the
 * reserved account holding exactly the open reservations. A payout settled by payouts and not yet
 * consumed by payments shows as a status difference until it is: reconcile a quiet system.
 * Without payouts' database (`null`: a deployment or test without the payouts service) only
 * payments' side is checked.
 */
export async function checkPayouts(
  payments: Queryable,
  payouts: Queryable | null,
  projectId: number,
): Promise<Difference[]> {
  const reserved = (await payments.query<PayoutRow>(selectPayouts('payouts'), [projectId])).rows;
  const found = payouts ? await compareOrders(reserved, payouts, projectId) : [];
  return [
    ...found,
    ...(await checkPayoutEntries(payments, reserved, projectId)),
    ...(await checkReservedAccount(payments, reserved, projectId)),
  ];
}

async function compareOrders(
  reserved: PayoutRow[],
  payouts: Queryable,
  projectId: number,
): Promise<Difference[]> {
  const orders = (await payouts.query<PayoutRow>(selectPayouts('payout_orders'), [projectId])).rows;
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const found: Difference[] = [];

  for (const p of reserved) {
    const order = orderById.get(p.id);
    orderById.delete(p.id);
    const subject = `payout ${p.id}`;
    if (!order) {
      found.push(difference('payouts', subject, `${p.status} in payments, no order in payouts`));
      continue;
    }
    if (order.amount_minor !== p.amount_minor || order.currency !== p.currency) {
      const amounts = `${p.amount_minor} ${p.currency} in payments, ${order.amount_minor} ${order.currency} in payouts`;
      found.push(difference('payouts', subject, amounts));
    }
    if (ORDER_STATUS_OF[p.status] !== order.status) {
      found.push(
        difference('payouts', subject, `${p.status} in payments, ${order.status} in payouts`),
      );
    }
  }
  for (const order of orderById.values()) {
    found.push(
      difference('payouts', `payout ${order.id}`, `${order.status} in payouts, none in payments`),
    );
  }
  return found;
}

async function checkPayoutEntries(
  payments: Queryable,
  reserved: PayoutRow[],
  projectId: number,
): Promise<Difference[]> {
  const { rows } = await payments.query<{ payout_id: string; kind: string }>(
    `SELECT payout_id::text AS payout_id, kind FROM journal_entries
     WHERE project_id = $1 AND payout_id IS NOT NULL ORDER BY id`,
    [projectId],
  );
  const kinds = new Map<string, string[]>();
  for (const r of rows) kinds.set(r.payout_id, [...(kinds.get(r.payout_id) ?? []), r.kind]);
  const found: Difference[] = [];
  for (const p of reserved) {
    const expected = ENTRIES_OF[p.status] ?? [];
    const actual = kinds.get(p.id) ?? [];
    kinds.delete(p.id);
    if (actual.join(',') !== expected.join(',')) {
      found.push(
        difference(
          'payout-entries',
          `payout ${p.id}`,
          `${p.status} has entries [${actual.join(', ')}], expected [${expected.join(', ')}]`,
        ),
      );
    }
  }
  for (const [id, actual] of kinds) {
    found.push(
      difference('payout-entries', `payout ${id}`, `entries [${actual.join(', ')}] of no payout`),
    );
  }
  return found;
}

async function checkReservedAccount(
  payments: Queryable,
  reserved: PayoutRow[],
  projectId: number,
): Promise<Difference[]> {
  const account = `merchant:${projectId}:payouts-reserved`;
  const { rows } = await payments.query<{ currency: string; amount: string }>(
    `SELECT currency, (sum(credit) - sum(debit))::text AS amount FROM journal_lines
     WHERE account = $1 GROUP BY currency`,
    [account],
  );
  const open = new Map<string, bigint>();
  for (const p of reserved.filter((r) => r.status === 'reserved')) {
    open.set(p.currency, (open.get(p.currency) ?? 0n) + BigInt(p.amount_minor));
  }
  const posted = new Map(rows.map((r) => [r.currency, BigInt(r.amount)]));
  const found: Difference[] = [];
  for (const currency of new Set([...open.keys(), ...posted.keys()])) {
    const want = open.get(currency) ?? 0n;
    const have = posted.get(currency) ?? 0n;
    if (want !== have) {
      found.push(
        difference(
          'payout-reservations',
          `${account} ${currency}`,
          `account balance ${have} <> open reservations ${want}`,
        ),
      );
    }
  }
  return found;
}
