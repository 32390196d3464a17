import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { ProcessingEffects } from '../domain/processing-effects';
import type { ProcessingRequest } from '../domain/processing-request';
import { ProcessingMetrics } from './processing-metrics';
import { ProcessingOutbox } from './processing-outbox';
import { ProcessingRequestStore } from './processing-request.store';

/** The last step of every transition of a stored request: its new state and its effects, together. */
@Injectable()
export class RecordTransition {
  constructor(
    private readonly store: ProcessingRequestStore,
    private readonly outbox: ProcessingOutbox,
    private readonly metrics: ProcessingMetrics,
  ) {}

  async execute(
    work: UnitOfWork,
    request: ProcessingRequest,
    effects: ProcessingEffects,
  ): Promise<void> {
    this.metrics.recorded(request, effects);
    await this.store.save(work, request);
    await this.outbox.publish(work, request, effects);
  }
}
