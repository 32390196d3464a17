import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  replyError,
  replyOk,
  type Reply,
  type ResumeProcessingTaskResultV1,
  type ResumeProcessingTaskV1,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { UnitOfWork } from '@opp/persistence';
import { ProcessingRequestStore } from '../processing-request.store';
import { RecordTransition } from '../record-transition';

/**
 * The user is back from the 3-D Secure page of a WAITING card.payment task (ADR 0005): send
 * card.authenticate with PaRes and MD; its result ends the payment task and the tree goes on.
 * Coming back twice sends nothing more; the user is sent on to the partner's own acs_return_url
 * either way.
 */
@Injectable()
export class ResumeTaskUseCase {
  constructor(
    private readonly store: ProcessingRequestStore,
    private readonly record: RecordTransition,
  ) {}

  async execute(
    work: UnitOfWork,
    command: ResumeProcessingTaskV1,
  ): Promise<Reply<ResumeProcessingTaskResultV1>> {
    const request = await this.store.lock(work, command.globalId);
    const resumed = request?.resume(command, randomUUID(), new Date());
    if (!request || !resumed) {
      return replyError(ErrorCode.ResourceNotFound, 'NOT_FOUND: Unknown task');
    }
    if (resumed.effects) await this.record.execute(work, request, resumed.effects);
    return replyOk({ redirectUrl: resumed.partnerReturnUrl });
  }
}
