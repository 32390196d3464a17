import { Module } from '@nestjs/common';
import { LedgerStore } from './application/ledger.store';
import { LedgerRepository } from './infrastructure/ledger.repository';

/** The double-entry ledger every money movement posts to. */
@Module({
  providers: [{ provide: LedgerStore, useClass: LedgerRepository }],
  exports: [LedgerStore],
})
export class LedgerModule {}
