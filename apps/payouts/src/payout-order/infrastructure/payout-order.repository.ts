import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PayoutSettledV1Message, type PayoutSettledV1 } from '@opp/contracts';
import { OutboxWriter } from '@opp/outbox';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { PayoutOrderStore } from '../application/payout-order.store';
import { PayoutOrder, type PayoutOrderStatus } from '../domain/payout-order';

interface PayoutOrderRow {
  id: string;
  project_id: number;
  type_key: string;
  amount_minor: string;
  currency: string;
  account_display: string;
  status: PayoutOrderStatus;
  settle_at: Date;
  settled_at: Date | null;
}

const restore = (row: PayoutOrderRow) =>
  PayoutOrder.restore({
    id: Number(row.id),
    projectId: row.project_id,
    typeKey: row.type_key,
    amountMinor: BigInt(row.amount_minor),
    currency: row.currency,
    accountDisplay: row.account_display,
    status: row.status,
    settleAt: row.settle_at,
    settledAt: row.settled_at,
  });

@Injectable()
export class PayoutOrderRepository extends PayoutOrderStore {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
  ) {
    super();
  }

  async addIfNew(work: UnitOfWork, order: PayoutOrder): Promise<boolean> {
    const o = order.snapshot;
    const inserted: unknown[] = await entityManagerOf(work).query(
      `INSERT INTO payout_orders
         (id, project_id, type_key, amount_minor, currency, account_display, status, settle_at,
          settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        o.id,
        o.projectId,
        o.typeKey,
        o.amountMinor.toString(),
        o.currency,
        o.accountDisplay,
        o.status,
        o.settleAt,
        o.settledAt,
      ],
    );
    return inserted.length === 1;
  }

  async addSettledIfNew(
    work: UnitOfWork,
    order: PayoutOrder,
    settled: PayoutSettledV1,
  ): Promise<boolean> {
    if (!(await this.addIfNew(work, order))) return false;
    await this.outbox.add(entityManagerOf(work), [
      { definition: PayoutSettledV1Message, key: String(settled.payoutId), payload: settled },
    ]);
    return true;
  }

  settleDue(
    limit: number,
    now: Date,
    settle: (order: PayoutOrder) => PayoutSettledV1,
  ): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const rows: PayoutOrderRow[] = await tx.query(
        `SELECT * FROM payout_orders WHERE status = 'processing' AND settle_at <= $1
         ORDER BY settle_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, limit],
      );
      for (const row of rows) {
        const order = restore(row);
        const settled = settle(order);
        const o = order.snapshot;
        await tx.query(
          `UPDATE payout_orders SET status = $2, settled_at = $3
           WHERE id = $1 AND status = 'processing'`,
          [o.id, o.status, o.settledAt],
        );
        await this.outbox.add(tx, [
          { definition: PayoutSettledV1Message, key: String(o.id), payload: settled },
        ]);
      }
      return rows.length;
    });
  }

  async nextSettlementAt(): Promise<Date | null> {
    const [row]: { due: Date | null }[] = await this.dataSource.query(
      `SELECT min(settle_at) AS due FROM payout_orders WHERE status = 'processing'`,
    );
    return row?.due ?? null;
  }
}
