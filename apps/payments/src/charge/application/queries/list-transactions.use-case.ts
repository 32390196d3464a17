import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ListTransactionsV1, TransactionListV1 } from '@opp/contracts';
import { TransactionRepository } from '../../infrastructure/transaction.repository';
import { transactionRecordOf } from '../transaction-views';

/**
 * GET /transactions: a project's transactions with the order id, filtered, oldest first, a page
 * at a time. `totalCount` is, as the spec words it, the "count of transactions in the response"
 * (this page), not the number of matches across all pages.
 */
@Injectable()
export class ListTransactionsUseCase {
  constructor(private readonly transactions: TransactionRepository) {}

  async execute(tx: EntityManager, query: ListTransactionsV1): Promise<TransactionListV1> {
    const params: unknown[] = [query.projectId, query.orderId];
    const where = ['project_id = $1', 'order_id = $2'];
    const filter = (sql: string, value: unknown) => {
      if (value === undefined) return;
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    filter('status = ?', query.status);
    filter('type = ?', query.type);
    filter('created_at >= ?', query.createdFrom);
    filter('created_at <= ?', query.createdTo);
    filter('updated_at >= ?', query.updatedFrom);
    filter('updated_at <= ?', query.updatedTo);
    params.push(query.limit, (query.page - 1) * query.limit);
    const found = await this.transactions.query(
      tx,
      `SELECT * FROM transactions WHERE ${where.join(' AND ')}
       ORDER BY id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return { totalCount: found.length, transactions: found.map(transactionRecordOf) };
  }
}
