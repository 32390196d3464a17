import { Inject, Injectable } from '@nestjs/common';
import { TransactionRunner, type UnitOfWork } from '@opp/persistence';
import { PollingWorker } from '@opp/platform';
import { ProjectClock } from '@opp/snapshots';
import { PaymentsConfig } from '../../config/payments.config';
import { ChargeOutcomes } from './charge-outcomes';
import { derivedFrom } from '../domain/derived-transaction';
import { TransactionAggregate } from '../domain/transaction-aggregate';
import { TransactionStore } from './transaction.store';
import { ProjectSettingsStore } from '../../project/application/project-settings.store';
import type { RollingReserveHold } from '../../rolling-reserve/domain/rolling-reserve';
import { RollingReserveStore } from '../../rolling-reserve/application/rolling-reserve.store';

/** The longest idle pause in production; never longer than one reserve day (ADR 0065). */
const IDLE_INTERVAL_MS = 30_000;
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
    @Inject(TransactionRunner) private readonly runner: TransactionRunner,
    private readonly holds: RollingReserveStore,
    private readonly transactions: TransactionStore,
    private readonly projects: ProjectSettingsStore,
    private readonly outcomes: ChargeOutcomes,
    @Inject(PaymentsConfig) private readonly config: PaymentsConfig,
    clock: ProjectClock,
  ) {
    super();
    // An advanced sandbox clock may make holds due at once (ADR 0069).
    clock.onAdvance(() => this.wakeAt(new Date()));
  }

  /**
   * A hold is released at least one reserve day after it is made: a round within that day sees
   * it and then sleeps until its release time, so none comes back late (ADR 0065).
   */
  protected intervalMs(): number {
    return Math.min(IDLE_INTERVAL_MS, this.config.reserveDaySeconds * 1000);
  }

  /** A full batch goes round again at once; otherwise the next release time (same transaction). */
  protected poll(): Promise<boolean | Date | null> {
    return this.runner.run(async (work) => {
      const due = await this.holds.lockDue(work, BATCH);
      for (const hold of due) await this.returnHold(work, hold);
      if (due.length === BATCH) return true;
      return this.holds.nextReleaseAt(work);
    });
  }

  private async returnHold(work: UnitOfWork, hold: RollingReserveHold) {
    const payment = await this.transactions.findById(work, hold.paymentId);
    if (!payment) throw new Error(`reserve of unknown payment ${hold.paymentId}`);
    const settings = await this.projects.require(work, hold.projectId);
    const opened = await this.transactions.insert(
      work,
      derivedFrom(payment, { type: 'rolling_reserve', priceMinor: hold.amountMinor, feeMinor: 0n }),
    );
    await this.holds.markReturned(work, hold.paymentId, opened.id);
    await this.outcomes.record(
      work,
      opened,
      new TransactionAggregate(opened).settleMovement(),
      settings,
    );
  }
}
