import type { ThreeDsChallengeV1, TransactionRecordV1 } from '@opp/contracts';
import type { AcsData, TaskOrigin, Transaction } from '../domain/transaction';

/**
 * A transaction in domain terms (ADR 0031): what payments answers; the gateway renders the public
 * shapes from it. The permanent token shows only when the merchant asked to remember the card (a
 * recurring-only token stays inside); the challenge only while the charge waits for it.
 */
export function transactionRecordOf(t: Transaction): TransactionRecordV1 {
  return {
    id: t.id,
    orderId: t.orderId,
    referenceId: t.referenceId,
    type: t.type,
    method: t.method,
    status: t.status,
    originalStatus: t.originalStatus,
    reason: t.reason,
    priceMinor: t.priceMinor.toString(),
    feeMinor: t.feeMinor.toString(),
    currency: t.currency,
    card: t.card,
    user: t.user,
    permanentTokenId: t.options.remember ? t.permanentTokenId : null,
    recurring: t.recurring,
    threeDs: t.status === 'authenticating' && t.acs ? challengeOf(t.acs, t.task) : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/**
 * A charge run by a processing task returns the user to that task: the record names it and the
 * gateway builds the TermUrl, its own acs-return page (ADR 0031). A merchant's charge returns to
 * the merchant's acs_return_url.
 */
function challengeOf(acs: AcsData, task: TaskOrigin | null): ThreeDsChallengeV1 {
  const { md, paReq, termUrl } = acs;
  if (!task) return { md, paReq, termUrl };
  return { md, paReq, termUrl: '', returnTo: { globalId: task.globalId, taskId: task.taskId } };
}
