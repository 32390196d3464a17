import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { Transaction } from '../../domain/transaction';
import { PaymentsConfig } from '../../../config/payments.config';
import { rollingReserveHoldEntry } from '../../../ledger/domain/postings';
import { LedgerStore } from '../../../ledger/application/ledger.store';
import type { ProjectSettings } from '../../../project/application/project-settings.store';
import { releaseTimeOf, reserveShareOf } from '../../../rolling-reserve/domain/rolling-reserve';
import { RollingReserveStore } from '../../../rolling-reserve/application/rolling-reserve.store';

/**
 * ADR 0027: when a payment completes, its reserve share leaves the available balance and its
 * return is scheduled, in the payment's own database transaction (so neither exists alone).
 */
@Injectable()
export class HoldRollingReserve {
  constructor(
    private readonly config: PaymentsConfig,
    private readonly ledger: LedgerStore,
    private readonly holds: RollingReserveStore,
  ) {}

  async forPayment(work: UnitOfWork, payment: Transaction, settings: ProjectSettings) {
    const amountMinor = reserveShareOf(payment, settings);
    if (amountMinor === 0n) return;
    const { id: paymentId, projectId, currency } = payment;
    await this.ledger.post(
      work,
      rollingReserveHoldEntry({ projectId, transactionId: paymentId, currency, amountMinor }),
    );
    const releaseAt = releaseTimeOf(
      new Date(),
      settings.rollingReserveDays,
      this.config.reserveDaySeconds,
    );
    await this.holds.schedule(work, { paymentId, projectId, currency, amountMinor, releaseAt });
  }
}
