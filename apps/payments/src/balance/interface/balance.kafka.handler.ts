import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { GetBalanceV1Request, type GetBalanceV1, answer } from '@opp/contracts';
import { OnRequest } from '@opp/messaging';
import { TransactionRunner } from '@opp/persistence';
import { GetBalanceUseCase } from '../application/get-balance.use-case';

@Controller()
export class BalanceKafkaHandler {
  constructor(
    @Inject(TransactionRunner) private readonly runner: TransactionRunner,
    private readonly getBalance: GetBalanceUseCase,
  ) {}

  /** A read: outside the inbox, so a redelivery reads the balance again. */
  @OnRequest(GetBalanceV1Request, { inbox: false })
  handle(@Payload() query: GetBalanceV1) {
    return answer(() => this.runner.run((work) => this.getBalance.execute(work, query)));
  }
}
