import { Injectable } from '@nestjs/common';
import { PollingWorker } from '@opp/platform';
import { PayoutFlowStore } from './payout-flow.store';

const BATCH = 50;
/** A flow created after a round began expires at most this late (its deadline is far longer). */
const IDLE_INTERVAL_MS = 5000;

/**
 * Expires payout flows whose reservation was not answered by their deadline (ADR 0060): the
 * outcome becomes a 503 with nothing paid out, and a reservation that comes later is compensated
 * (ReservationAnswersUseCase). Deadlines are rows, so a restart expires what fell due meanwhile.
 */
@Injectable()
export class ExpirePayoutFlowsWorker extends PollingWorker {
  constructor(private readonly flows: PayoutFlowStore) {
    super();
  }

  protected intervalMs(): number {
    return IDLE_INTERVAL_MS;
  }

  /** A full batch goes round again at once; otherwise the next deadline (ADR 0065). */
  protected async poll(): Promise<boolean | Date | null> {
    const now = new Date();
    if ((await this.flows.expireDue(BATCH, now, (flow) => flow.expire(now))) === BATCH) return true;
    return this.flows.nextDeadline();
  }
}
