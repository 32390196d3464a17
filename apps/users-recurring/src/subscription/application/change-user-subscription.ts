import { replyError, replyOk, type RecurringSettingsResultV1, type Reply } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import type { Decision, Subscription } from '../domain/subscription';
import { notSubscribed } from './not-subscribed';
import { SubscriptionStore } from './subscription.store';

/**
 * A user's recurring settings command (ADR 0012): the change is made to the user's subscription
 * under its row lock, then saved. A user without one gets the not-subscribed refusal; a change the
 * subscription refuses is answered with its refusal and nothing is saved.
 */
export async function changeUserSubscription(
  subscriptions: SubscriptionStore,
  work: UnitOfWork,
  user: { projectId: number; userId: string },
  change: (subscription: Subscription) => Promise<Decision | void> | Decision | void,
): Promise<Reply<RecurringSettingsResultV1>> {
  const subscription = await subscriptions.lockOfUser(work, user.projectId, user.userId);
  if (!subscription) return notSubscribed();
  const decision = await change(subscription);
  if (decision && !decision.ok) return replyError(decision.code, decision.message);
  await subscriptions.save(work, subscription);
  return replyOk({ success: true });
}
