import type { KeyRing } from '@opp/crypto';
import type { TaskFunction } from '@opp/contracts';
import type { WaitTime } from '../domain/processing-limits';
import type { ProcessingRequest } from '../domain/processing-request';
import type { Branch, ProcessingTask, RequestStatus, TaskStatus } from '../domain/processing-task';
import type { ProcessingRequestOrmEntity } from './processing-request.orm-entity';
import type { ProcessingTaskOrmEntity } from './processing-task.orm-entity';

export const ProcessingRequestMapper = {
  toDomain(row: ProcessingRequestOrmEntity): ProcessingRequest {
    return {
      globalId: row.globalId,
      partnerIdentifier: row.partnerIdentifier,
      projectId: row.projectId,
      sandbox: row.sandbox,
      request: row.request,
      sync: row.sync,
      waitingTime: row.waitingTime as WaitTime,
      targets: row.targets,
      userIp: row.userIp,
      status: row.status as RequestStatus,
      createdAt: row.createdAt,
      finishedAt: row.finishedAt,
    };
  },

  taskToDomain(row: ProcessingTaskOrmEntity, ring: KeyRing): ProcessingTask {
    return {
      id: row.id,
      parentId: row.parentId,
      branch: row.branch as Branch,
      path: row.path,
      position: row.position,
      depth: row.depth,
      type: row.type as TaskFunction,
      template: row.template,
      payload: row.payloadEncrypted
        ? (JSON.parse(ring.decrypt(row.payloadEncrypted)) as Record<string, unknown>)
        : null,
      publicPayload: row.publicPayload,
      expiresAt: row.expiresAt,
      status: row.status as TaskStatus,
      data: row.data,
      interactive: row.interactive,
      reason: row.reason,
      dueAt: row.dueAt,
      authTaskId: row.authTaskId,
      partnerReturnUrl: row.partnerReturnUrl,
      createdAt: row.createdAt,
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
    };
  },
};
