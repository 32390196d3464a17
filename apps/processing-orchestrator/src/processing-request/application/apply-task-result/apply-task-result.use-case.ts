import { Injectable, Logger } from '@nestjs/common';
import type { TaskResultV1, TaskResultV2 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { ProcessingRequestStore } from '../processing-request.store';
import { RecordTransition } from '../record-transition';

/**
 * A function's owner answered a TaskCommand. Idempotent: a result for a task that is already over
 * (a redelivery, or a task that expired meanwhile) changes nothing.
 */
@Injectable()
export class ApplyTaskResultUseCase {
  private readonly logger = new Logger(ApplyTaskResultUseCase.name);

  constructor(
    private readonly store: ProcessingRequestStore,
    private readonly record: RecordTransition,
  ) {}

  async execute(work: UnitOfWork, result: TaskResultV1 | TaskResultV2): Promise<void> {
    // The result names its request: locked by its GlobalId, then asked whether the task is its own
    // (ADR 0065); no look-up of the request by task id.
    const request = await this.store.lock(work, result.globalId);
    if (!request?.hasTask(result.taskId)) {
      this.logger.warn({ msg: 'result for an unknown task', taskId: result.taskId });
      return;
    }
    const effects = request.applyResult(result, new Date());
    if (effects) await this.record.execute(work, request, effects);
  }
}
