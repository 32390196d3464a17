import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import type { Transaction } from '../domain/transaction';
import { LiveOrderGuard, orderTaken, type OrderSavepoint } from '../application/live-order-guard';
import { TransactionStore } from '../application/transaction.store';
import { ONE_LIVE_PAYMENT_PER_ORDER } from './transaction.repository';

const isLiveOrderConflict = (error: unknown): boolean => {
  const e = error as { code?: string; constraint?: string; driverError?: { constraint?: string } };
  return (
    e?.code === '23505' &&
    (e.constraint ?? e.driverError?.constraint) === ONE_LIVE_PAYMENT_PER_ORDER
  );
};

/**
 * ADR 0014: an order id names at most one live payment of a project. The partial unique index
 * decides (a concurrent wallet transaction of the same order waits on the first's uncommitted row,
 * then fails once that one commits live); this turns its verdict into 405 40501 with nothing
 * written, by rolling back to a savepoint taken before the insert, so the error does not abort the
 * inbox transaction. Card charges insert with ON CONFLICT DO NOTHING instead (ADR 0065).
 */
@Injectable()
export class SavepointLiveOrderGuard extends LiveOrderGuard {
  constructor(private readonly transactions: TransactionStore) {
    super();
  }

  async refuseIfTaken(work: UnitOfWork, projectId: number, orderId?: string): Promise<void> {
    if (orderId === undefined) return;
    const live = await this.transactions.findLivePayment(work, projectId, orderId);
    if (live) throw orderTaken(live);
  }

  async savepoint(work: UnitOfWork): Promise<OrderSavepoint> {
    await entityManagerOf(work).query('SAVEPOINT charge_order_id');
    return { name: 'charge_order_id' };
  }

  async rollbackTo(work: UnitOfWork, savepoint: OrderSavepoint): Promise<void> {
    await entityManagerOf(work).query(`ROLLBACK TO SAVEPOINT ${savepoint.name}`);
  }

  async insert(
    work: UnitOfWork,
    savepoint: OrderSavepoint,
    order: { projectId: number; orderId?: string },
    inserting: Promise<Transaction>,
  ): Promise<Transaction> {
    try {
      return await inserting;
    } catch (error) {
      if (!isLiveOrderConflict(error)) throw error;
      await this.rollbackTo(work, savepoint);
      const live =
        order.orderId === undefined
          ? undefined
          : await this.transactions.findLivePayment(work, order.projectId, order.orderId);
      throw orderTaken(live);
    }
  }
}
