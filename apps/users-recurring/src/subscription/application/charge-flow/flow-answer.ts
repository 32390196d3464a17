import { replyOk, type RecurringChargeAnswerV1, type Reply } from '@opp/contracts';
import type { RecurringChargeFlow } from '../../domain/recurring-charge-flow';

/** A flow as its command is answered: payments' outcome once known, else "still in progress". */
export function answerOf(flow: RecurringChargeFlow): Reply<RecurringChargeAnswerV1> {
  if (flow.outcome === null) return replyOk({ done: false });
  if (!flow.outcome.ok) return flow.outcome;
  return replyOk({ done: true, transaction: flow.outcome.value });
}
