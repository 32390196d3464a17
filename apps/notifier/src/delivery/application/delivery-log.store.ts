import type { DeliveryView } from '@opp/contracts';

export interface DeliveryLogFilter {
  projectId?: number;
  subjects?: string[];
  status?: 'pending' | 'delivered' | 'dead';
  limit: number;
  /** Newest first: only deliveries older than this (created_at, id). */
  before?: { createdAt: string; id: string };
}

/**
 * Port: the deliveries with every attempt, as the money trace and a project's delivery log show
 * them (ADR 0066). Reads outside any transaction.
 */
export abstract class DeliveryLogStore {
  abstract page(filter: DeliveryLogFilter): Promise<DeliveryView[]>;
  abstract one(id: string): Promise<DeliveryView | null>;
  /** The ids of a project's dead deliveries, oldest first. */
  abstract deadIds(projectId: number, limit: number): Promise<string[]>;
}
