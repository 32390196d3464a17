import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { ProjectModule } from '../project/project.module';
import { GetBalanceUseCase } from './application/get-balance.use-case';
import { BalanceKafkaHandler } from './interface/balance.kafka.handler';

/** A merchant's balance, read from the ledger. */
@Module({
  imports: [LedgerModule, ProjectModule],
  controllers: [BalanceKafkaHandler],
  providers: [GetBalanceUseCase],
})
export class BalanceModule {}
