import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { GetTransactionV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { Transaction } from '../../domain/transaction';
import { TransactionStore } from '../transaction.store';
import { Refusal } from '@opp/contracts';

/** One transaction by id, or the latest with the order id; another project's is "not found". */
@Injectable()
export class GetTransactionUseCase {
  constructor(private readonly transactions: TransactionStore) {}

  async execute(work: UnitOfWork, query: GetTransactionV1): Promise<Transaction> {
    const found =
      query.id !== undefined
        ? await this.transactions.findById(work, query.id)
        : query.orderId !== undefined
          ? await this.transactions.findLatestByOrderId(work, query.projectId, query.orderId)
          : undefined;
    if (!found || found.projectId !== query.projectId) {
      throw new Refusal(ErrorCode.TransactionNotFound, 'Transaction does not exist');
    }
    return found;
  }
}
