import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  replyError,
  replyOk,
  type ProcessingResponseV1,
  type Reply,
  type SubmitProcessingV1,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { OutboxWriter } from '@opp/outbox';
import { parseProcessingRequest } from '../../domain/processing-request-parser';
import type { ProcessingRequest } from '../../domain/processing-request';
import { processingResponse } from '../../domain/processing-response';
import { ProcessingRuleError } from '../../domain/processing-rule-error';
import { redactPayload } from '../../domain/redaction';
import { fingerprintOf, reuseOf } from '../../domain/request-id-reuse';
import { buildTasks } from '../../domain/task-tree-builder';
import { TaskTreeEngine } from '../../domain/task-tree-engine';
import { ProcessingRequestRepository } from '../../infrastructure/processing-request.repository';
import { ProcessingEffects } from '../processing-effects';

/**
 * POST /processing: validate the tree, store the request and every task, start the root tasks
 * (their commands go out through the outbox in the same transaction) and answer the Response object.
 * Tasks that end at once (`wait` 0, an unavailable function, an expired task) are already settled.
 */
@Injectable()
export class SubmitProcessingUseCase {
  constructor(
    private readonly repository: ProcessingRequestRepository,
    private readonly effects: ProcessingEffects,
    private readonly outbox: OutboxWriter,
  ) {}

  async execute(
    tx: EntityManager,
    command: SubmitProcessingV1,
  ): Promise<Reply<ProcessingResponseV1>> {
    const existing = await this.repository.find(tx, command.globalId);
    if (existing) {
      return replyOk(
        processingResponse(existing, await this.repository.tasks(tx, command.globalId)),
      );
    }
    let parsed: ReturnType<typeof parseProcessingRequest>;
    try {
      parsed = parseProcessingRequest(command.request, command.templates ?? {});
    } catch (error) {
      if (!(error instanceof ProcessingRuleError)) throw error;
      return replyError(ErrorCode.InvalidParameter, `${error.code}: ${error.message}`);
    }
    const reused = await this.reusedRequestId(tx, command, parsed.requestId);
    if (reused) return reused;
    const sandbox = await this.repository.projectIsSandbox(tx, command.projectId);
    if (sandbox === null) {
      // The project's snapshot has not reached us yet: "cannot be accepted now", repeat shortly.
      return replyError(ErrorCode.ServiceUnavailable, `project ${command.projectId} not known yet`);
    }
    const now = new Date();
    const tasks = buildTasks(parsed.roots, randomUUID, now);
    const request: ProcessingRequest = {
      globalId: command.globalId,
      partnerIdentifier: command.partnerIdentifier,
      projectId: command.projectId,
      sandbox,
      request: redactPayload(command.request) as Record<string, unknown>,
      sync: parsed.header.sync,
      waitingTime: parsed.header.waitingTime,
      targets: parsed.header.targets,
      userIp: parsed.userIp,
      status: 'PROCESSING',
      createdAt: now,
      finishedAt: null,
    };
    const engine = new TaskTreeEngine(tasks, { now, sandbox });
    engine.advance();
    const messages = this.effects.commands(request, engine);
    messages.push(...this.effects.settle(request, engine, now));
    await this.repository.insert(tx, request, tasks);
    await this.repository.claimRequestId(
      tx,
      request.globalId,
      parsed.requestId,
      command.bodyFingerprint ?? fingerprintOf(command.request),
    );
    await this.outbox.add(tx, messages);
    return replyOk(processingResponse(request, tasks, now));
  }

  /**
   * ADR 0017: a request id the partner used before starts nothing. The same body is answered as
   * the first request's status (its GlobalId); another body is 400 DUPLICATE_REQUEST_ID. The lock
   * is held to the end of this transaction, so a concurrent repeat waits and then sees the first.
   */
  private async reusedRequestId(
    tx: EntityManager,
    command: SubmitProcessingV1,
    requestId: string,
  ): Promise<Reply<ProcessingResponseV1> | null> {
    const partner = command.partnerIdentifier;
    await this.repository.lockRequestId(tx, partner, requestId);
    const first = await this.repository.findByRequestId(tx, partner, requestId);
    if (!first) return null;
    const reuse = reuseOf(first, command.bodyFingerprint ?? fingerprintOf(command.request));
    if (reuse.kind === 'conflict') {
      return replyError(
        ErrorCode.InvalidParameter,
        `DUPLICATE_REQUEST_ID: header.request.id ${JSON.stringify(requestId.slice(0, 64))} ` +
          'was used before with another body',
      );
    }
    const request = await this.repository.find(tx, reuse.globalId);
    if (!request) return null;
    return replyOk(processingResponse(request, await this.repository.tasks(tx, reuse.globalId)));
  }
}
