import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import {
  GetTransactionV1Request,
  ListTransactionsV1Request,
  type GetTransactionV1,
  type ListTransactionsV1,
} from '@opp/contracts';
import { OnRequest } from '@opp/messaging';
import { answer } from '../../shared/answer';
import { GetTransactionUseCase } from '../application/queries/get-transaction.use-case';
import { ListTransactionsUseCase } from '../application/queries/list-transactions.use-case';
import { transactionRecordOf } from '../application/transaction-views';

/** Reads run outside the inbox: a redelivered query just reads again, and leaves no inbox row. */
@Controller()
export class TransactionQueriesKafkaHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly getTransaction: GetTransactionUseCase,
    private readonly listTransactions: ListTransactionsUseCase,
  ) {}

  @OnRequest(GetTransactionV1Request, { inbox: false })
  get(@Payload() query: GetTransactionV1) {
    return answer(async () =>
      transactionRecordOf(await this.getTransaction.execute(this.dataSource.manager, query)),
    );
  }

  @OnRequest(ListTransactionsV1Request, { inbox: false })
  list(@Payload() query: ListTransactionsV1) {
    return answer(() => this.listTransactions.execute(this.dataSource.manager, query));
  }
}
