import { Injectable } from '@nestjs/common';
import {
  replyOk,
  type Reply,
  type TracePartV1,
  type TraceQueryV1,
  type TraceStep,
} from '@opp/contracts';
import { TreeTraceStore } from './tree-trace.store';

const SERVICE = 'processing-orchestrator' as const;

/**
 * The orchestrator's part of a money trace (ADR 0066): the request, each task with its branch,
 * command and result, when it started and how it finished. The subject when asked by GlobalId.
 */
@Injectable()
export class TreeTraceUseCase {
  constructor(private readonly store: TreeTraceStore) {}

  async execute(query: TraceQueryV1): Promise<Reply<TracePartV1>> {
    const globalIds = query.globalIds ?? [];
    const requests = (await this.store.requests(globalIds)).filter(
      (r) => query.projectId === undefined || r.projectId === query.projectId,
    );
    const known = requests.map((r) => r.globalId);
    const tasks = await this.store.tasks(known);
    const steps: TraceStep[] = [];
    for (const request of requests) {
      steps.push({
        at: request.createdAt.toISOString(),
        service: SERVICE,
        kind: 'state',
        title: `processing request ${request.globalId} received`,
        detail: { aggregate: 'tree', globalId: request.globalId, status: 'PROCESSING' },
      });
    }
    for (const task of tasks) {
      if (task.startedAt) {
        steps.push({
          at: task.startedAt,
          service: SERVICE,
          kind: 'task',
          title: `task ${task.type} (${task.branch}, level ${task.level}) started`,
          detail: { taskId: task.id, type: task.type, branch: task.branch, command: task.command },
        });
      }
      if (task.finishedAt) {
        steps.push({
          at: task.finishedAt,
          service: SERVICE,
          kind: 'task',
          title: `task ${task.type} (${task.branch}) → ${task.status}${
            task.reason ? ` (${task.reason})` : ''
          }`,
          detail: {
            taskId: task.id,
            type: task.type,
            branch: task.branch,
            status: task.status,
            reason: task.reason,
            result: task.result,
          },
        });
      }
    }
    for (const request of requests) {
      if (request.finishedAt) {
        steps.push({
          at: request.finishedAt.toISOString(),
          service: SERVICE,
          kind: 'state',
          title: `processing request ${request.globalId} → ${request.status}`,
          detail: { aggregate: 'tree', globalId: request.globalId, status: request.status },
        });
      }
    }
    const asked = requests.find((r) => r.globalId === globalIds[0]);
    return replyOk({
      subject: asked
        ? {
            kind: 'processing',
            id: asked.globalId,
            projectId: asked.projectId,
            orderId: null,
            type: 'processing',
            status: asked.status,
            amount: null,
            currency: null,
          }
        : null,
      links: {
        transactionIds: [],
        globalIds: known,
        deliverySubjects: [...known, ...tasks.map((t) => t.id)],
      },
      steps,
      ledger: [],
      deliveries: [],
      tasks: tasks.map(({ reason: _reason, ...node }) => node),
    });
  }
}
