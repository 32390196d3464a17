import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { GetBalanceV1Request, type GetBalanceV1 } from '@opp/contracts';
import { OnRequest } from '@opp/messaging';
import { answer } from '../../shared/answer';
import { GetBalanceUseCase } from '../application/get-balance.use-case';

@Controller()
export class BalanceKafkaHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly getBalance: GetBalanceUseCase,
  ) {}

  /** A read: outside the inbox, so a redelivery reads the balance again. */
  @OnRequest(GetBalanceV1Request, { inbox: false })
  handle(@Payload() query: GetBalanceV1) {
    return answer(() => this.getBalance.execute(this.dataSource.manager, query));
  }
}
