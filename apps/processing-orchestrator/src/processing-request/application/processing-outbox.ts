import type { UnitOfWork } from '@opp/persistence';
import type { ProcessingEffects } from '../domain/processing-effects';
import type { ProcessingRequest } from '../domain/processing-request';

/**
 * Port: what a transition of a request sends, in the unit of work that stores it: a task is
 * RUNNING in the same commit that records its TaskCommand, and a request is FINISHED in the same
 * commit that records its request-finished event (ADR 0019).
 */
export abstract class ProcessingOutbox {
  abstract publish(
    work: UnitOfWork,
    request: ProcessingRequest,
    effects: ProcessingEffects,
  ): Promise<void>;
}
