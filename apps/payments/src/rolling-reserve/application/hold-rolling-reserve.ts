import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Transaction } from '../../charge/domain/transaction';
import { PaymentsConfig } from '../../config/payments.config';
import { rollingReserveHoldEntry } from '../../ledger/domain/postings';
import { LedgerRepository } from '../../ledger/infrastructure/ledger.repository';
import type { ProjectSettings } from '../../project/project-settings.repository';
import { releaseTimeOf, reserveShareOf } from '../domain/rolling-reserve';
import { RollingReserveRepository } from '../infrastructure/rolling-reserve.repository';

/**
 * ADR 0027: when a payment completes, its reserve share leaves the available balance and its
 * return is scheduled, in the payment's own database transaction (so neither exists alone).
 */
@Injectable()
export class HoldRollingReserve {
  constructor(
    private readonly config: PaymentsConfig,
    private readonly ledger: LedgerRepository,
    private readonly holds: RollingReserveRepository,
  ) {}

  async forPayment(tx: EntityManager, payment: Transaction, settings: ProjectSettings) {
    const amountMinor = reserveShareOf(payment, settings);
    if (amountMinor === 0n) return;
    const { id: paymentId, projectId, currency } = payment;
    await this.ledger.post(
      tx,
      rollingReserveHoldEntry({ projectId, transactionId: paymentId, currency, amountMinor }),
    );
    const releaseAt = releaseTimeOf(
      new Date(),
      settings.rollingReserveDays,
      this.config.reserveDaySeconds,
    );
    await this.holds.schedule(tx, { paymentId, projectId, currency, amountMinor, releaseAt });
  }
}
