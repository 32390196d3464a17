import { Injectable } from '@nestjs/common';
import { MetricsRegistry, type Counter, type CounterDefinition } from '@opp/observability';
import type { ProcessingEffects } from '../domain/processing-effects';
import type { ProcessingRequest } from '../domain/processing-request';
import type { ProcessingTask } from '../domain/processing-task';

export const TREES_FINISHED: CounterDefinition<'status'> = {
  name: 'opp_processing_trees_finished_total',
  help: 'Task trees that finished, by final status: FAIL if a task failed, else EXPIRED if one expired, else SUCCESS',
  labelNames: ['status'],
};

/** A finished tree in one word (bounded for a metric label); skipped tasks do not count. */
export function treeFinalStatus(tasks: readonly ProcessingTask[]): 'SUCCESS' | 'FAIL' | 'EXPIRED' {
  if (tasks.some((t) => t.status === 'FAIL')) return 'FAIL';
  if (tasks.some((t) => t.status === 'EXPIRED')) return 'EXPIRED';
  return 'SUCCESS';
}

@Injectable()
export class ProcessingMetrics {
  private readonly treesFinished: Counter<'status'>;

  constructor(metrics: MetricsRegistry) {
    this.treesFinished = metrics.counter(TREES_FINISHED);
  }

  /** Counts the tree once, in the transition that finished it. */
  recorded(request: ProcessingRequest, effects: ProcessingEffects): void {
    if (effects.finishedAt) this.treesFinished.inc({ status: treeFinalStatus(request.tasks) });
  }
}
