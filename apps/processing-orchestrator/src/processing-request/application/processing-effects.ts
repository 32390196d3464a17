import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  NotifierTaskCommandV1Message,
  PaymentsTaskCommandV1Message,
  PayoutsTaskCommandV1Message,
  RequestFinishedV1Message,
  UsersTaskCommandV1Message,
  type TaskCommandV1,
  type TaskFunction,
} from '@opp/contracts';
import { MetricsRegistry, type Counter } from '@opp/observability';
import { OutboxWriter, type PendingMessage } from '@opp/outbox';
import { ProcessingOrchestratorConfig } from '../../config/processing-orchestrator.config';
import type { ProcessingRequest } from '../domain/processing-request';
import type { TaskTreeEngine } from '../domain/task-tree-engine';
import { ProcessingRequestRepository } from '../infrastructure/processing-request.repository';
import { TREES_FINISHED, treeFinalStatus } from './processing-metrics';

/** The message type (and so the topic) of each function's owner. */
function commandDefinition(fn: TaskFunction) {
  // users-recurring applies the subscription's rules, then payments charges and answers (ADR 0012).
  if (fn === 'user.resolve' || fn === 'recurring.charge') return UsersTaskCommandV1Message;
  if (fn === 'message.send') return NotifierTaskCommandV1Message;
  // The payout rules live in payouts, which passes a checked payout on to payments (ADR 0026).
  if (fn === 'payout') return PayoutsTaskCommandV1Message;
  return PaymentsTaskCommandV1Message; // card.*, transaction.*
}

/**
 * Turns what the engine decided into stored state and outbox messages, in the caller's
 * transaction: a task is RUNNING in the same commit that records its TaskCommand, and a request is
 * FINISHED in the same commit that records its request-finished event.
 */
@Injectable()
export class ProcessingEffects {
  private readonly treesFinished: Counter<'status'>;

  constructor(
    private readonly repository: ProcessingRequestRepository,
    private readonly outbox: OutboxWriter,
    @Inject(ProcessingOrchestratorConfig) private readonly config: ProcessingOrchestratorConfig,
    metrics: MetricsRegistry,
  ) {
    this.treesFinished = metrics.counter(TREES_FINISHED);
  }

  /** Messages for the tasks the engine started; card.payment gets the gateway's TermUrl. */
  commands(request: ProcessingRequest, engine: TaskTreeEngine): PendingMessage[] {
    return engine.dispatched.map((task) => {
      const payload = { ...(task.payload ?? {}) };
      if (task.type === 'card.payment') {
        const original = payload.acs_return_url;
        task.partnerReturnUrl = typeof original === 'string' && original !== '' ? original : null;
        payload.acs_return_url = this.termUrl(request.globalId, task.id);
      }
      return this.command(request, task.id, task.type, payload);
    });
  }

  command(
    request: ProcessingRequest,
    taskId: string,
    fn: TaskFunction,
    payload: Record<string, unknown>,
  ): PendingMessage {
    const command: TaskCommandV1 = {
      taskId,
      globalId: request.globalId,
      function: fn,
      projectId: request.projectId,
      partnerIdentifier: request.partnerIdentifier,
      payload,
      ...(request.userIp ? { userIp: request.userIp } : {}),
    };
    return {
      definition: commandDefinition(fn),
      key: taskId,
      payload: command,
      options: { correlationId: request.globalId },
    };
  }

  /** The request's status after the engine ran; FINISHED announces itself once. */
  settle(request: ProcessingRequest, engine: TaskTreeEngine, now: Date): PendingMessage[] {
    const status = engine.requestStatus();
    if (status === request.status) return [];
    const wasFinished = request.status === 'FINISHED';
    request.status = status;
    if (status !== 'FINISHED' || wasFinished) return [];
    request.finishedAt = now;
    this.treesFinished.inc({ status: treeFinalStatus(engine.tasks) });
    return [
      {
        definition: RequestFinishedV1Message,
        key: request.globalId,
        payload: {
          globalId: request.globalId,
          partnerIdentifier: request.partnerIdentifier,
          targets: request.targets,
          finishedAt: now.toISOString(),
        },
        options: { correlationId: request.globalId },
      },
    ];
  }

  /** Saves an existing request's changed tasks and status with their messages. */
  async save(
    tx: EntityManager,
    request: ProcessingRequest,
    engine: TaskTreeEngine,
    now: Date,
    extra: PendingMessage[] = [],
  ): Promise<void> {
    const previous = request.status;
    const messages = [...this.commands(request, engine), ...extra];
    messages.push(...this.settle(request, engine, now));
    await this.repository.saveTasks(tx, engine.changed);
    if (request.status !== previous) await this.repository.saveStatus(tx, request);
    await this.outbox.add(tx, messages);
  }

  termUrl(globalId: string, taskId: string): string {
    const base = this.config.publicGatewayUrl.replace(/\/+$/, '');
    return `${base}/processing/acs-return/${globalId}/${taskId}`;
  }
}
