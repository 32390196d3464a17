import type { UnitOfWork } from '@opp/persistence';

/**
 * Port: concurrent deliveries of one request (same project and idempotency key) wait here one after
 * the other until the unit of work ends, so the later ones find the first's result.
 */
export abstract class RequestQueue {
  abstract awaitTurn(work: UnitOfWork, requestKey: string): Promise<void>;
}
