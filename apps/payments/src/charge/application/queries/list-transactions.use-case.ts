import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { ListTransactionsV1, TransactionListV1 } from '@opp/contracts';
import { TransactionStore } from '../transaction.store';
import { transactionRecordOf } from '../transaction-views';

/**
 * GET /transactions: a project's transactions with the order id, filtered, oldest first, a page
 * at a time. `totalCount` is, as the spec words it, the "count of transactions in the response"
 * (this page), not the number of matches across all pages.
 */
@Injectable()
export class ListTransactionsUseCase {
  constructor(private readonly transactions: TransactionStore) {}

  async execute(work: UnitOfWork, query: ListTransactionsV1): Promise<TransactionListV1> {
    const found = await this.transactions.list(work, query);
    return { totalCount: found.length, transactions: found.map(transactionRecordOf) };
  }
}
