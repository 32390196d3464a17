import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { ListTransactionsV1, TransactionListV1, TransactionRecordV1 } from '@opp/contracts';
import { PayoutRecords } from '../../../payout/application/payout-records';
import { TransactionStore } from '../transaction.store';
import { transactionRecordOf } from '../transaction-views';

const PAYOUT = 'payout';

/**
 * GET /transactions: a project's transactions with the order id, filtered, oldest first, a page
 * at a time; payouts are transactions of type `payout` among them (ADR 0060). `totalCount` is, as
 * the spec words it, the "count of transactions in the response" (this page), not the number of
 * matches across all pages.
 */
@Injectable()
export class ListTransactionsUseCase {
  constructor(
    private readonly transactions: TransactionStore,
    private readonly payouts: PayoutRecords,
  ) {}

  async execute(work: UnitOfWork, query: ListTransactionsV1): Promise<TransactionListV1> {
    const page = await this.page(work, query);
    return { totalCount: page.length, transactions: page };
  }

  private async page(work: UnitOfWork, query: ListTransactionsV1): Promise<TransactionRecordV1[]> {
    const offset = (query.page - 1) * query.limit;
    if (query.type === PAYOUT) {
      const payouts = await this.payouts.listFirst(work, query, offset + query.limit);
      return payouts.slice(offset);
    }
    const payments = async (q: ListTransactionsV1) =>
      (await this.transactions.list(work, q)).map(transactionRecordOf);
    if (query.type !== undefined) return payments(query);
    // Both kinds share one id sequence: the page is a window of the two lists merged by id.
    const first = offset + query.limit;
    const merged = [
      ...(await payments({ ...query, page: 1, limit: first })),
      ...(await this.payouts.listFirst(work, query, first)),
    ].sort((a, b) => a.id - b.id);
    return merged.slice(offset, first);
  }
}
