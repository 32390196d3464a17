import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  replyError,
  replyOk,
  type ProcessingAnswerV2,
  type Reply,
  type SubmitProcessingV1,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { UnitOfWork } from '@opp/persistence';
import { ProcessingRequest } from '../../domain/processing-request';
import { parseProcessingRequest } from '../../domain/processing-request-parser';
import { ProcessingRuleError } from '../../domain/processing-rule-error';
import { redactPayload } from '../../domain/redaction';
import { fingerprintOf, reuseOf, type RequestIdClaim } from '../../domain/request-id-reuse';
import { buildTasks } from '../../domain/task-tree-builder';
import { PartnerRequestIds } from '../partner-request-ids';
import { ProcessingMetrics } from '../processing-metrics';
import { ProcessingOutbox } from '../processing-outbox';
import { ProcessingRequestStore } from '../processing-request.store';
import { ProjectSandboxes } from '../project-sandboxes';

/**
 * POST /processing: validate the tree, store the request and every task, start the root tasks
 * (their commands go out through the outbox in the same transaction) and answer the Response object.
 * Tasks that end at once (`wait` 0, an unavailable function, an expired task) are already settled.
 * A submission is stored by its unique keys, the GlobalId and the partner's request id, and looked
 * up only when one of them is taken (ADR 0059).
 */
@Injectable()
export class SubmitProcessingUseCase {
  constructor(
    private readonly store: ProcessingRequestStore,
    private readonly requestIds: PartnerRequestIds,
    private readonly projects: ProjectSandboxes,
    private readonly outbox: ProcessingOutbox,
    private readonly metrics: ProcessingMetrics,
  ) {}

  async execute(work: UnitOfWork, command: SubmitProcessingV1): Promise<Reply<ProcessingAnswerV2>> {
    let parsed: ReturnType<typeof parseProcessingRequest>;
    try {
      parsed = parseProcessingRequest(command.request, command.templates ?? {});
    } catch (error) {
      if (!(error instanceof ProcessingRuleError)) throw error;
      return this.storedAnswer(work, command.globalId, () =>
        replyError(ErrorCode.InvalidParameter, `${error.code}: ${error.message}`),
      );
    }
    const sandbox = await this.projects.isSandbox(work, command.projectId);
    if (sandbox === null) {
      // The project's snapshot has not reached us yet: "cannot be accepted now", repeat shortly.
      return this.storedAnswer(work, command.globalId, () =>
        replyError(ErrorCode.ServiceUnavailable, `project ${command.projectId} not known yet`),
      );
    }
    const now = new Date();
    const { request, effects } = ProcessingRequest.accept(
      {
        globalId: command.globalId,
        partnerIdentifier: command.partnerIdentifier,
        projectId: command.projectId,
        sandbox,
        request: redactPayload(command.request) as Record<string, unknown>,
        sync: parsed.header.sync,
        waitingTime: parsed.header.waitingTime,
        targets: parsed.header.targets,
        userIp: parsed.userIp,
      },
      buildTasks(parsed.roots, randomUUID, now),
      now,
    );
    const claim: RequestIdClaim = {
      requestId: parsed.requestId,
      bodyFingerprint: command.bodyFingerprint ?? fingerprintOf(command.request),
    };
    if (!(await this.store.add(work, request, claim))) {
      return this.storedAnswer(work, command.globalId, () =>
        this.reusedRequestId(work, command, claim),
      );
    }
    this.metrics.recorded(request, effects);
    await this.outbox.publish(work, request, effects);
    return replyOk(request.response(now));
  }

  /**
   * A GlobalId stored before (a redelivery, or the gateway's retry) is answered as it stands;
   * otherwise `otherwise` answers.
   */
  private async storedAnswer(
    work: UnitOfWork,
    globalId: string,
    otherwise: () => Reply<ProcessingAnswerV2> | Promise<Reply<ProcessingAnswerV2>>,
  ): Promise<Reply<ProcessingAnswerV2>> {
    const existing = await this.store.find(work, globalId);
    return existing ? replyOk(existing.response()) : otherwise();
  }

  /**
   * ADR 0017: a request id the partner used before starts nothing. The same body is answered as
   * the first request's status (its GlobalId); another body is 400 DUPLICATE_REQUEST_ID.
   */
  private async reusedRequestId(
    work: UnitOfWork,
    command: SubmitProcessingV1,
    claim: RequestIdClaim,
  ): Promise<Reply<ProcessingAnswerV2>> {
    const partner = command.partnerIdentifier;
    const first = await this.requestIds.find(work, partner, claim.requestId);
    // The store refused the claim for a row it could see: gone since, it is no answer to give.
    if (!first) throw new Error(`request id of partner ${partner} taken, yet not found`);
    const reuse = reuseOf(first, claim.bodyFingerprint);
    if (reuse.kind === 'conflict') {
      return replyError(
        ErrorCode.InvalidParameter,
        // The id is not echoed: it may hold card data (ADR 0064).
        'DUPLICATE_REQUEST_ID: header.request.id was used before with another body',
      );
    }
    const request = await this.store.find(work, reuse.globalId);
    if (!request) throw new Error(`request ${reuse.globalId} claimed its id, yet not found`);
    return replyOk(request.response());
  }
}
