import { CHILD_BRANCHES, type Branch, type ProcessingTask } from './processing-task';
import type { TaskSpec } from './processing-request-parser';
import { redactPayload } from './redaction';

/** The expanded tree as task rows, parents before children, every task PENDING. */
export function buildTasks(
  roots: readonly TaskSpec[],
  newId: () => string,
  now: Date,
): ProcessingTask[] {
  const tasks: ProcessingTask[] = [];
  const visit = (
    spec: TaskSpec,
    parent: ProcessingTask | null,
    branch: Branch,
    position: number,
  ) => {
    const task: ProcessingTask = {
      id: newId(),
      parentId: parent?.id ?? null,
      branch,
      path: parent ? `${parent.path}.${branch}.${position}` : String(position),
      position,
      depth: parent ? parent.depth + 1 : 1,
      type: spec.type,
      template: spec.template,
      payload: spec.payload,
      publicPayload: redactPayload(spec.payload) as Record<string, unknown>,
      expiresAt: spec.expiresAt,
      status: 'PENDING',
      data: null,
      transactions: [],
      interactive: null,
      reason: null,
      dueAt: null,
      authTaskId: null,
      partnerReturnUrl: null,
      createdAt: now,
      startedAt: null,
      finishedAt: null,
    };
    tasks.push(task);
    for (const child of CHILD_BRANCHES) {
      spec[child].forEach((childSpec, i) => visit(childSpec, task, child, i));
    }
  };
  roots.forEach((root, i) => visit(root, null, 'root', i));
  return tasks;
}
