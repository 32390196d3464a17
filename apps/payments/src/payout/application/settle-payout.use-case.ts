import { Injectable } from '@nestjs/common';
import type { PayoutSettledV1 } from '@opp/contracts';
import { crashPoint } from '@opp/saga';
import { ProjectSettingsStore } from '../../project/application/project-settings.store';
import { payoutSettledStatusMessage } from './payout-messages';
import type { UnitOfWork } from '@opp/persistence';
import { PayoutStore } from './payout.store';

/** Crash point between the rail's answer and its posting (docs/architecture/sagas.md, Payout). */
export const SETTLEMENT_POSTING = 'payout-saga.settlement-posting';

/**
 * The rail's answer on a payout: the reservation is posted out (completed) or released back to
 * the available balance (failed, cancelled), and the merchant is called back, in one transaction.
 * A redelivered answer finds the payout settled and changes nothing.
 */
@Injectable()
export class SettlePayoutUseCase {
  constructor(
    private readonly payouts: PayoutStore,
    private readonly projects: ProjectSettingsStore,
  ) {}

  async execute(work: UnitOfWork, settled: PayoutSettledV1): Promise<void> {
    crashPoint(SETTLEMENT_POSTING);
    const payout = await this.payouts.lock(work, settled.payoutId);
    if (!payout) throw new Error(`payout ${settled.payoutId} is not known to payments`);
    if (payout.snapshot.status !== 'reserved') return;
    const entry = payout.settle(
      settled.outcome,
      settled.reason ?? null,
      new Date(settled.settledAt),
    );
    const settings = await this.projects.require(work, payout.snapshot.projectId);
    const state = { ...payout.snapshot, status: settled.outcome };
    await this.payouts.record(work, {
      payout,
      entry,
      messages: [payoutSettledStatusMessage(state, settings)],
    });
  }
}
