import type { DeliveryViewV1 } from '@opp/contracts';
import { methodOf, targetOf, type Delivery } from '../domain/delivery';

/** What the admin API shows of a delivery: never the body (it holds signatures and message texts). */
export function deliveryView(delivery: Delivery): DeliveryViewV1 {
  const d = delivery.state;
  return {
    id: d.id,
    kind: d.kind,
    status: d.status,
    projectId: d.projectId,
    partnerIdentifier: d.partnerIdentifier,
    subject: d.subject,
    method: methodOf(d.request),
    target: targetOf(d.request),
    attempts: d.attempts,
    lastError: d.lastError,
    lastHttpStatus: d.lastHttpStatus,
    nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    succeededAt: iso(d.succeededAt),
    deadAt: iso(d.deadAt),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
