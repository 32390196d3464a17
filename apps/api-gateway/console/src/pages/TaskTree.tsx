import { Status } from '../components';
import { duration, durationMs, json, when } from '../format';
import type { TaskNodeView } from '../trace-types';

const BRANCH_ORDER: Record<TaskNodeView['branch'], number> = {
  root: 0,
  success: 1,
  fail: 2,
  always: 3,
};

function Node({ node, children }: { node: TaskNodeView; children: Map<string, TaskNodeView[]> }) {
  const kids = children.get(node.id) ?? [];
  const ms = durationMs(node.startedAt, node.finishedAt);
  return (
    <li class={`task task-${node.branch}`} data-task-id={node.id}>
      <div class="task-box">
        <span class={`branch branch-${node.branch}`}>{node.branch}</span>
        <strong class="task-type">{node.type}</strong>
        <Status value={node.status} />
        <span class="muted small">level {node.level}</span>
        <span class="timing small">
          <span class="visually-hidden">Started </span>
          {when(node.startedAt)} <span aria-hidden="true">→</span>
          <span class="visually-hidden"> finished </span> {when(node.finishedAt)} ({duration(ms)})
        </span>
        <details>
          <summary>Command and result</summary>
          <pre>{json({ command: node.command, result: node.result })}</pre>
        </details>
      </div>
      {kids.length > 0 && (
        <ul>
          {kids.map((kid) => (
            <Node key={kid.id} node={kid} children={children} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * A processing request's task tree as nested lists: each node with its branch (success, fail or
 * always, as the parent's outcome chose), status, level and timing.
 */
export function TaskTree({ tasks }: { tasks: TaskNodeView[] }) {
  if (tasks.length === 0) return <p>No tasks.</p>;
  const ids = new Set(tasks.map((task) => task.id));
  const children = new Map<string, TaskNodeView[]>();
  const roots: TaskNodeView[] = [];
  for (const task of tasks) {
    if (task.parentId === null || !ids.has(task.parentId)) roots.push(task);
    else children.set(task.parentId, [...(children.get(task.parentId) ?? []), task]);
  }
  for (const list of children.values()) {
    list.sort((a, b) => BRANCH_ORDER[a.branch] - BRANCH_ORDER[b.branch]);
  }
  return (
    <ul class="tree" aria-label="Task tree">
      {roots.map((root) => (
        <Node key={root.id} node={root} children={children} />
      ))}
    </ul>
  );
}
