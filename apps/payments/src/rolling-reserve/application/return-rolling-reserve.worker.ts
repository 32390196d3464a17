import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PollingWorker } from '@opp/platform';
import { ChargeOutcomes } from '../../charge/application/charge-outcomes';
import { derivedFrom } from '../../charge/domain/derived-transaction';
import { TransactionRepository } from '../../charge/infrastructure/transaction.repository';
import { rollingReserveReturnEntry } from '../../ledger/domain/postings';
import { LedgerRepository } from '../../ledger/infrastructure/ledger.repository';
import { ProjectSettingsRepository } from '../../project/project-settings.repository';
import type { RollingReserveHold } from '../domain/rolling-reserve';
import { RollingReserveRepository } from '../infrastructure/rolling-reserve.repository';

const POLL_INTERVAL_MS = 500;
const BATCH = 50;

/**
 * The durable scheduler of the rolling reserve (ADR 0027): due holds are rows, claimed with
 * SKIP LOCKED so several instances share them; each comes back as a `rolling_reserve`
 * transaction with status `returned`, its entry and its status event, in the claim's database
 * transaction. A crash before commit leaves the row due for the next round; the unique
 * constraints make a second return impossible.
 */
@Injectable()
export class ReturnRollingReserveWorker extends PollingWorker {
  constructor(
    private readonly dataSource: DataSource,
    private readonly holds: RollingReserveRepository,
    private readonly transactions: TransactionRepository,
    private readonly ledger: LedgerRepository,
    private readonly projects: ProjectSettingsRepository,
    private readonly outcomes: ChargeOutcomes,
  ) {
    super();
  }

  protected intervalMs(): number {
    return POLL_INTERVAL_MS;
  }

  protected async poll(): Promise<boolean> {
    return (await this.returnDue()) === BATCH;
  }

  async returnDue(): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const due = await this.holds.lockDue(tx, BATCH);
      for (const hold of due) await this.returnHold(tx, hold);
      return due.length;
    });
  }

  private async returnHold(tx: EntityManager, hold: RollingReserveHold) {
    const payment = await this.transactions.findById(tx, hold.paymentId);
    if (!payment) throw new Error(`reserve of unknown payment ${hold.paymentId}`);
    const settings = await this.projects.require(tx, hold.projectId);
    const opened = await this.transactions.insert(
      tx,
      derivedFrom(payment, { type: 'rolling_reserve', priceMinor: hold.amountMinor, feeMinor: 0n }),
    );
    await this.ledger.post(
      tx,
      rollingReserveReturnEntry({
        projectId: hold.projectId,
        transactionId: opened.id,
        currency: hold.currency,
        amountMinor: hold.amountMinor,
      }),
    );
    await this.holds.markReturned(tx, hold.paymentId, opened.id);
    await this.outcomes.transition(tx, opened, { status: 'returned' }, settings);
  }
}
