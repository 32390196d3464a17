import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  GetTransactionV1Request,
  ListTransactionsV1Request,
  type GetTransactionV1,
  type ListTransactionsV1,
  answer,
} from '@opp/contracts';
import { OnRequest } from '@opp/messaging';
import { TransactionRunner } from '@opp/persistence';
import { GetTransactionRecordUseCase } from '../application/queries/get-transaction-record.use-case';
import { ListTransactionsUseCase } from '../application/queries/list-transactions.use-case';

/** Reads run outside the inbox: a redelivered query just reads again, and leaves no inbox row. */
@Controller()
export class TransactionQueriesKafkaHandler {
  constructor(
    @Inject(TransactionRunner) private readonly runner: TransactionRunner,
    private readonly getTransaction: GetTransactionRecordUseCase,
    private readonly listTransactions: ListTransactionsUseCase,
  ) {}

  @OnRequest(GetTransactionV1Request, { inbox: false })
  get(@Payload() query: GetTransactionV1) {
    return answer(() => this.runner.run((work) => this.getTransaction.execute(work, query)));
  }

  @OnRequest(ListTransactionsV1Request, { inbox: false })
  list(@Payload() query: ListTransactionsV1) {
    return answer(() => this.runner.run((work) => this.listTransactions.execute(work, query)));
  }
}
