import { Injectable } from '@nestjs/common';
import type { GetTransactionV1, TransactionRecordV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { UnitOfWork } from '@opp/persistence';
import { PayoutRecords } from '../../../payout/application/payout-records';
import { transactionRecordOf } from '../transaction-views';
import { GetTransactionUseCase } from './get-transaction.use-case';
import { Refusal } from '@opp/contracts';

/**
 * GET /transaction/status and /transactions/{id}: a payment (or its reversal, ...) by id or order
 * id, else a payout, a transaction of type `payout` too (ADR 0060). Payouts and payments draw ids
 * from one sequence, so an id names at most one of them.
 */
@Injectable()
export class GetTransactionRecordUseCase {
  constructor(
    private readonly transactions: GetTransactionUseCase,
    private readonly payouts: PayoutRecords,
  ) {}

  async execute(work: UnitOfWork, query: GetTransactionV1): Promise<TransactionRecordV1> {
    try {
      return transactionRecordOf(await this.transactions.execute(work, query));
    } catch (error) {
      if (!(error instanceof Refusal) || error.code !== ErrorCode.TransactionNotFound) {
        throw error;
      }
      const payout = await this.payout(work, query);
      if (!payout) throw error;
      return payout;
    }
  }

  private payout(work: UnitOfWork, query: GetTransactionV1) {
    const { projectId, id, orderId } = query;
    if (id !== undefined) return this.payouts.findById(work, projectId, id);
    if (orderId !== undefined) return this.payouts.findByOrderId(work, projectId, orderId);
    return null;
  }
}
