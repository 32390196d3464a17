import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  BalanceHistoryV1Request,
  PaymentsTraceV1Request,
  SearchTransactionsV1Request,
  type BalanceHistoryV1,
  type SearchTransactionsV1,
  type TraceQueryV1,
} from '@opp/contracts';
import { OnRequest } from '@opp/messaging';
import { TransactionRunner } from '@opp/persistence';
import { answer } from '../../shared/answer';
import {
  BalanceHistoryUseCase,
  SearchTransactionsUseCase,
} from '../application/admin-search.use-cases';
import { PaymentsTraceUseCase } from '../application/payments-trace.use-case';

/** The money trace's reads (ADR 0066): outside the inbox, a redelivery reads again. */
@Controller()
export class TraceKafkaHandler {
  constructor(
    @Inject(TransactionRunner) private readonly runner: TransactionRunner,
    private readonly trace: PaymentsTraceUseCase,
    private readonly searchTransactions: SearchTransactionsUseCase,
    private readonly balanceHistory: BalanceHistoryUseCase,
  ) {}

  @OnRequest(PaymentsTraceV1Request, { inbox: false })
  part(@Payload() query: TraceQueryV1) {
    return answer(() => this.runner.run((work) => this.trace.execute(work, query)));
  }

  @OnRequest(SearchTransactionsV1Request, { inbox: false })
  search(@Payload() query: SearchTransactionsV1) {
    return answer(() => this.runner.run((work) => this.searchTransactions.execute(work, query)));
  }

  @OnRequest(BalanceHistoryV1Request, { inbox: false })
  history(@Payload() query: BalanceHistoryV1) {
    return answer(() => this.runner.run((work) => this.balanceHistory.execute(work, query)));
  }
}
