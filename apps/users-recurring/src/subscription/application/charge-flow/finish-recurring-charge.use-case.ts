import { Injectable } from '@nestjs/common';
import { replyError, replyOk, type RecurringChargeSettledV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { UnitOfWork } from '@opp/persistence';
import { crashPoint } from '@opp/saga';
import { finishedState, type RecurringChargeOutcome } from '../../domain/recurring-charge-flow';
import { SubscriptionStore } from '../subscription.store';
import { RecurringChargeFlowStore } from './recurring-charge-flow.store';
import { ProjectClock } from '@opp/snapshots';

/**
 * The last step of the recurring charge saga (ADR 0060): payments' answer is stored on the flow
 * (what a retry of the merchant's call answers) and settles the reservation: a charge counts
 * against `frequency`, a decline or a refusal counts for nothing (ADR 0012). An answer that comes after
 * the deadline compensated the flow is applied the same way: the charge happened, so it counts.
 * A redelivered answer changes nothing.
 */
@Injectable()
export class FinishRecurringChargeUseCase {
  constructor(
    private readonly subscriptions: SubscriptionStore,
    private readonly flows: RecurringChargeFlowStore,
    private readonly clock: ProjectClock,
  ) {}

  async execute(work: UnitOfWork, event: RecurringChargeSettledV1 & { flowKey: string }) {
    // Crash test: killed here, payments' answer is redelivered after the restart.
    crashPoint('recurring-charge.outcome');
    const flow = await this.flows.find(work, event.flowKey);
    if (!flow) return;
    const subscription = await this.subscriptions.lockById(work, flow.subscriptionId);
    const stored = await this.flows.finish(
      work,
      flow.key,
      finishedState(event.outcome),
      outcomeOf(event),
    );
    if (!stored || !subscription) return;
    const at = await this.clock.now(subscription.state.projectId);
    subscription.settleCharge(flow.key, event.outcome === 'charged', at);
    await this.subscriptions.save(work, subscription);
  }
}

function outcomeOf(event: RecurringChargeSettledV1): RecurringChargeOutcome {
  if (event.transaction) return replyOk(event.transaction);
  const refusal = event.refusal ?? {
    code: ErrorCode.ServiceUnavailable,
    message: event.reason ?? 'Not charged',
  };
  return replyError(refusal.code, refusal.message);
}
