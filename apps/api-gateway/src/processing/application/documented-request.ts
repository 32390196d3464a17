// Members a partner adds outside the documented Request object are neither stored nor published
// (ADR 0064): they could carry card data no rule knows where to look for. Each documented member
// is kept as sent, whatever its type, so the orchestrator still reports a wrongly typed one.

type Json = Record<string, unknown>;

/** What to keep of a value: all of it, the listed members of an object, or each item of a list. */
type Shape = 'any' | { members: Record<string, Shape> } | { items: Shape };

const ANY: Shape = 'any';
const members = (shape: Record<string, Shape>): Shape => ({ members: shape });

// A task's `payload` is the named function's own (ADR 0005): sealed and masked as a whole, kept whole.
const TASK_MEMBERS: Record<string, Shape> = {
  type: ANY,
  payload: ANY,
  expiration: members({ date: ANY }),
};
const TASK: Shape = members(TASK_MEMBERS);
TASK_MEMBERS.success = { items: TASK };
TASK_MEMBERS.fail = { items: TASK };
TASK_MEMBERS.always = { items: TASK };

const REQUEST: Shape = members({
  header: members({
    request: members({ id: ANY, date: ANY }),
    service: members({
      sync: ANY,
      waitTime: ANY,
      // ADR 0005 names the answer's member `waitingTime`; partners echo it back in requests.
      waitingTime: ANY,
      result: { items: members({ type: ANY, uri: ANY, method: ANY }) },
    }),
  }),
  payload: members({
    partner: members({ identifier: ANY, parameters: ANY }),
    settings: members({ culture: ANY, encoding: ANY, contact: ANY, userIp: ANY }),
    tasks: { items: TASK },
  }),
});

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function keep(value: unknown, shape: Shape): unknown {
  if (shape === 'any') return value;
  if ('items' in shape)
    return Array.isArray(value) ? value.map((item) => keep(item, shape.items)) : value;
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [name, inner] of Object.entries(shape.members)) {
    if (Object.prototype.hasOwnProperty.call(value, name)) out[name] = keep(value[name], inner);
  }
  return out;
}

/** The Request object with only its documented members (processing API: Request object, task). */
export function documentedRequest(request: Json): Json {
  return keep(request, REQUEST) as Json;
}

/** Template tasks with only the documented members of a task. */
export function documentedTasks(tasks: readonly unknown[]): unknown[] {
  return tasks.map((task) => keep(task, TASK));
}
