import { Client } from 'pg';

export interface PaymentAudit {
  /** Order ids answered `completed` with no completed payment in the database. */
  lost: string[];
  /** Order ids with more than one payment row. */
  duplicated: string[];
  paymentsFound: number;
}

/**
 * The correctness check of a card scenario: every order the gateway answered `completed` has
 * exactly one completed payment in payments' database, and no order id has two payments.
 */
export async function auditPayments(
  paymentsDatabaseUrl: string,
  orderPrefix: string,
  completedOrders: ReadonlySet<string>,
): Promise<PaymentAudit> {
  const client = new Client({ connectionString: paymentsDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ order_id: string; payments: string; completed: string }>(
      `SELECT order_id, count(*) AS payments,
              count(*) FILTER (WHERE status = 'completed') AS completed
         FROM transactions
        WHERE type = 'payment' AND starts_with(order_id, $1)
        GROUP BY order_id`,
      [orderPrefix],
    );
    const byOrder = new Map(rows.map((r) => [r.order_id, r]));
    return {
      lost: [...completedOrders].filter((id) => Number(byOrder.get(id)?.completed ?? 0) !== 1),
      duplicated: rows.filter((r) => Number(r.payments) > 1).map((r) => r.order_id),
      paymentsFound: rows.length,
    };
  } finally {
    await client.end();
  }
}
