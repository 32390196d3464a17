/** A named task tree a partner stores once and uses as `template:<name>` (ADR 0002, ADR 0005). */
export interface PartnerTemplate {
  partnerIdentifier: string;
  name: string;
  /** Task objects as in a Request; `${parameters.X}` placeholders stay until a request expands them. */
  tasks: Record<string, unknown>[];
  createdAt: Date;
  updatedAt: Date;
}

export const TEMPLATE_NAME = /^[A-Za-z0-9._-]{1,64}$/;
export const TEMPLATE_PREFIX = 'template:';
/** The same limits as one request (documented with POST /processing). */
export const TEMPLATE_LIMITS = { maxTasks: 100, maxDepth: 10 } as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The shape a template must have to be stored: task objects with a string `type`, nested through
 * success/fail/always, within the limits, and no template inside a template. Whether each type is a
 * function is the orchestrator's rule, checked when a request uses the template. Null when valid.
 */
export function templateProblem(tasks: unknown): string | null {
  let count = 0;
  const check = (list: unknown, where: string, depth: number): string | null => {
    if (list === undefined) return null;
    if (!Array.isArray(list)) return `${where} must be an array of tasks`;
    for (const [i, task] of list.entries()) {
      const at = `${where}[${i}]`;
      if (depth > TEMPLATE_LIMITS.maxDepth)
        return `${at}: at most ${TEMPLATE_LIMITS.maxDepth} levels`;
      if (++count > TEMPLATE_LIMITS.maxTasks) return `at most ${TEMPLATE_LIMITS.maxTasks} tasks`;
      if (!isObject(task)) return `${at} must be a task object`;
      if (typeof task.type !== 'string' || task.type === '') return `${at}.type must be a string`;
      if (task.type.startsWith(TEMPLATE_PREFIX)) return `${at}: a template cannot use a template`;
      if (task.payload !== undefined && !isObject(task.payload)) {
        return `${at}.payload must be an object`;
      }
      for (const branch of ['success', 'fail', 'always']) {
        const problem = check(task[branch], `${at}.${branch}`, depth + 1);
        if (problem) return problem;
      }
    }
    return null;
  };
  if (!Array.isArray(tasks) || tasks.length === 0) return 'tasks must list at least one task';
  return check(tasks, 'tasks', 1);
}

/** Template names a Request object uses (`template:<name>` anywhere in its trees), bounded. */
export function templateNamesIn(request: unknown): string[] {
  const names = new Set<string>();
  let visited = 0;
  const walk = (list: unknown, depth: number) => {
    if (!Array.isArray(list) || depth > TEMPLATE_LIMITS.maxDepth) return;
    for (const task of list) {
      if (++visited > TEMPLATE_LIMITS.maxTasks || !isObject(task)) return;
      if (typeof task.type === 'string' && task.type.startsWith(TEMPLATE_PREFIX)) {
        const name = task.type.slice(TEMPLATE_PREFIX.length);
        if (TEMPLATE_NAME.test(name)) names.add(name);
      }
      for (const branch of ['success', 'fail', 'always']) walk(task[branch], depth + 1);
    }
  };
  const payload = isObject(request) ? request.payload : undefined;
  walk(isObject(payload) ? payload.tasks : undefined, 1);
  return [...names];
}
