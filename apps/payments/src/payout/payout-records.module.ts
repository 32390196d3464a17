import { Module } from '@nestjs/common';
import { PayoutRecords } from './application/payout-records';
import { PayoutRecordsRepository } from './infrastructure/payout-records.repository';

/** Payouts as transactions of type `payout`, for the transaction queries (ADR 0060). */
@Module({
  providers: [{ provide: PayoutRecords, useClass: PayoutRecordsRepository }],
  exports: [PayoutRecords],
})
export class PayoutRecordsModule {}
