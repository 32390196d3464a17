import { Module } from '@nestjs/common';
import { RollingReserveStore } from './application/rolling-reserve.store';
import { RollingReserveRepository } from './infrastructure/rolling-reserve.repository';

/**
 * The holds of the rolling reserve (ADR 0027). Holding and returning a payment's share are charge
 * transitions, so charge owns those use cases and this module only keeps the holds.
 */
@Module({
  providers: [{ provide: RollingReserveStore, useClass: RollingReserveRepository }],
  exports: [RollingReserveStore],
})
export class RollingReserveModule {}
