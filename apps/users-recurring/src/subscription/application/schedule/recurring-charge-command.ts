import {
  RecurringChargeCommandV1Message,
  type ProcessRecurringChargeV1,
  type RecurringChargeOriginV1,
  type UserSnapshotV1,
} from '@opp/contracts';
import type { PendingMessage } from '@opp/outbox';
import type { User } from '../../../user/domain/user';
import type { SubscriptionState } from '../../domain/subscription';

export const AUTOMATIC_CHARGE_DESCRIPTION = 'Recurring payment';

/** The command that asks payments to charge a subscription's card (ADR 0012). */
export function recurringChargeCommand(
  s: Readonly<SubscriptionState>,
  user: UserSnapshotV1,
  charge: Pick<ProcessRecurringChargeV1, 'idempotencyKey' | 'price' | 'currency'> &
    Partial<Pick<ProcessRecurringChargeV1, 'orderId' | 'description' | 'attributes'>>,
  origin: RecurringChargeOriginV1,
  correlationId?: string,
): PendingMessage<typeof RecurringChargeCommandV1Message> {
  return {
    definition: RecurringChargeCommandV1Message,
    key: `${s.projectId}:${s.userId}`,
    payload: {
      charge: {
        ...charge,
        description: charge.description ?? AUTOMATIC_CHARGE_DESCRIPTION,
        attributes: charge.attributes ?? {},
        projectId: s.projectId,
        user,
        permanentTokenId: s.cardTokenId,
        referenceId: s.transactionId,
      },
      origin,
    },
    ...(correlationId ? { options: { correlationId } } : {}),
  };
}

/** A subscription's user as the User object; the id alone if users-recurring never saw them. */
export function userSnapshotOr(
  found: UserSnapshotV1 | User | null | undefined,
  s: Readonly<SubscriptionState>,
): UserSnapshotV1 {
  if (!found) return { id: s.userId, identifier: s.userId };
  return {
    id: found.id,
    identifier: found.identifier,
    displayName: found.displayName,
    email: found.email,
    phone: found.phone,
    ip: found.ip,
    locale: found.locale,
  };
}
