import { Injectable } from '@nestjs/common';
import { TracePartBuilder, type Reply, type TracePartV1, type TraceQueryV1 } from '@opp/contracts';
import { TreeTraceStore } from './tree-trace.store';

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
    const part = new TracePartBuilder('processing-orchestrator');
    for (const request of requests) {
      part.step('state', request.createdAt, `processing request ${request.globalId} received`, {
        aggregate: 'tree',
        globalId: request.globalId,
        status: 'PROCESSING',
      });
    }
    for (const task of tasks) {
      if (task.startedAt) {
        part.step(
          'task',
          task.startedAt,
          `task ${task.type} (${task.branch}, level ${task.level}) started`,
          { taskId: task.id, type: task.type, branch: task.branch, command: task.command },
        );
      }
      if (task.finishedAt) {
        part.step(
          'task',
          task.finishedAt,
          `task ${task.type} (${task.branch}) → ${task.status}${
            task.reason ? ` (${task.reason})` : ''
          }`,
          {
            taskId: task.id,
            type: task.type,
            branch: task.branch,
            status: task.status,
            reason: task.reason,
            result: task.result,
          },
        );
      }
    }
    for (const request of requests) {
      if (request.finishedAt) {
        part.step(
          'state',
          request.finishedAt,
          `processing request ${request.globalId} → ${request.status}`,
          { aggregate: 'tree', globalId: request.globalId, status: request.status },
        );
      }
    }
    const asked = requests.find((r) => r.globalId === globalIds[0]);
    return part.reply({
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
      tasks: tasks.map(({ reason: _reason, ...node }) => node),
    });
  }
}
