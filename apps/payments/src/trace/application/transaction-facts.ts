import type { TraceSubject } from '@opp/contracts';
import { formatPrice } from '@opp/money';
import type { TracedTransaction } from './trace.store';

/** What the trace's subject and the admin search's item both show of a transaction (ADR 0066). */
export function transactionFacts(t: TracedTransaction): Omit<TraceSubject, 'kind' | 'id'> {
  return {
    projectId: t.projectId,
    orderId: t.orderId,
    type: t.type,
    status: t.status,
    amount: formatPrice(t.priceMinor, t.currency),
    currency: t.currency,
  };
}
