import { TASK_FUNCTIONS, type TaskFunction } from '@opp/contracts';
import { ProcessingLimits, WAIT_TIMES, type WaitTime } from './processing-limits';
import { ProcessingRuleError } from './processing-rule-error';
import { substituteParameters } from './template-expansion';
import { isHttpUrl } from '@opp/destination-guard';

export interface NotificationTarget {
  type: 'URL';
  uri: string;
  method: 'GET' | 'POST';
}

export interface ProcessingHeader {
  sync: boolean;
  waitingTime: WaitTime;
  targets: NotificationTarget[];
}

/** One task of the tree after validation and template expansion. */
export interface TaskSpec {
  type: TaskFunction;
  template: string | null;
  payload: Record<string, unknown>;
  expiresAt: Date | null;
  success: TaskSpec[];
  fail: TaskSpec[];
  always: TaskSpec[];
}

export interface ParsedProcessingRequest {
  header: ProcessingHeader;
  /** `header.request.id` as text: unique per partner (ADR 0017). */
  requestId: string;
  parameters: Record<string, string>;
  userIp: string | null;
  roots: TaskSpec[];
}

const TEMPLATE_PREFIX = 'template:';
const FUNCTIONS: ReadonlySet<string> = new Set(TASK_FUNCTIONS);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const fail = (code: ProcessingRuleError['code'], message: string): never => {
  throw new ProcessingRuleError(code, message);
};

/**
 * Checks a partner's Request object against the tree rules and expands its templates. Throws a
 * ProcessingRuleError (a 400) for the first rule it breaks.
 */
export function parseProcessingRequest(
  request: Record<string, unknown>,
  templates: Readonly<Record<string, unknown>> = {},
): ParsedProcessingRequest {
  const header = parseHeader(request.header);
  const payload = request.payload;
  if (!isObject(payload)) fail('INVALID_REQUEST', 'payload must be an object');
  const body = payload as Record<string, unknown>;
  const partner = isObject(body.partner) ? body.partner : {};
  const parameters = parseParameters(partner.parameters);
  const settings = isObject(body.settings) ? body.settings : {};
  const userIp = typeof settings.userIp === 'string' ? settings.userIp : null;
  if (body.tasks === undefined || (Array.isArray(body.tasks) && body.tasks.length === 0)) {
    fail('TASKS_EMPTY', 'payload.tasks must list at least one task');
  }
  const parser = new TreeParser(templates, parameters);
  const roots = parser.list(body.tasks, 'payload.tasks', 1, null);
  const requestId = String((request.header as { request: { id: string | number } }).request.id);
  return { header, requestId, parameters, userIp, roots };
}

function parseHeader(raw: unknown): ProcessingHeader {
  if (!isObject(raw) || !isObject(raw.request)) {
    return fail('HEADER_REQUEST_MISSING', 'header.request is missing');
  }
  const { id, date } = raw.request;
  if (!((typeof id === 'string' && id.length > 0 && id.length <= 128) || Number.isFinite(id))) {
    fail('INVALID_HEADER', 'header.request.id must be a string of 1 to 128 characters');
  }
  if (typeof date !== 'string' || Number.isNaN(Date.parse(date))) {
    fail('INVALID_HEADER', 'header.request.date must be a date');
  }
  const service = raw.service === undefined ? {} : raw.service;
  if (!isObject(service)) return fail('INVALID_HEADER', 'header.service must be an object');
  if (service.sync !== undefined && typeof service.sync !== 'boolean') {
    fail('INVALID_HEADER', 'header.service.sync must be true or false');
  }
  const sync = service.sync === true;
  const waitTime = service.waitTime;
  if (waitTime !== undefined && !(typeof waitTime === 'string' && waitTime in WAIT_TIMES)) {
    fail(
      'INVALID_HEADER',
      `header.service.waitTime must be one of ${Object.keys(WAIT_TIMES).join(', ')}`,
    );
  }
  // ADR 0005: with sync and no waitTime, PT2S; without sync nothing is waited for.
  const waitingTime: WaitTime = !sync ? 'PT0S' : ((waitTime as WaitTime | undefined) ?? 'PT2S');
  return { sync, waitingTime, targets: parseTargets(service.result) };
}

function parseTargets(raw: unknown): NotificationTarget[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return fail('INVALID_HEADER', 'header.service.result must be an array');
  if (raw.length > ProcessingLimits.maxTargets) {
    fail(
      'INVALID_HEADER',
      `header.service.result holds at most ${ProcessingLimits.maxTargets} targets`,
    );
  }
  return raw.map((target, i) => {
    const where = `header.service.result[${i}]`;
    if (!isObject(target)) return fail('INVALID_HEADER', `${where} must be an object`);
    if (target.type !== 'URL') fail('INVALID_HEADER', `${where}.type must be URL`);
    if (target.method !== 'GET' && target.method !== 'POST') {
      fail('INVALID_HEADER', `${where}.method must be GET or POST`);
    }
    if (typeof target.uri !== 'string' || target.uri.length > 2048 || !isHttpUrl(target.uri)) {
      fail('INVALID_HEADER', `${where}.uri must be an http(s) URL`);
    }
    return { type: 'URL', uri: target.uri as string, method: target.method as 'GET' | 'POST' };
  });
}

function parseParameters(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw))
    return fail('INVALID_REQUEST', 'payload.partner.parameters must be an object');
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'string') out[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[name] = String(value);
    else fail('INVALID_REQUEST', `payload.partner.parameters.${name} must be a string`);
  }
  return out;
}

class TreeParser {
  private count = 0;

  constructor(
    private readonly templates: Readonly<Record<string, unknown>>,
    private readonly parameters: Readonly<Record<string, string>>,
  ) {}

  /** A task list; `template` names the template being expanded (its tasks cannot use templates). */
  list(raw: unknown, where: string, depth: number, template: string | null): TaskSpec[] {
    if (raw === undefined) return [];
    if (!Array.isArray(raw)) return fail('MALFORMED_TREE', `${where} must be an array of tasks`);
    return raw.flatMap((item, i) => this.task(item, `${where}[${i}]`, depth, template));
  }

  private task(raw: unknown, where: string, depth: number, template: string | null): TaskSpec[] {
    if (depth > ProcessingLimits.maxDepth) {
      fail('TREE_TOO_DEEP', `${where}: a tree has at most ${ProcessingLimits.maxDepth} levels`);
    }
    if (!isObject(raw)) return fail('MALFORMED_TREE', `${where} must be a task object`);
    if (typeof raw.type !== 'string' || raw.type === '') {
      return fail('MALFORMED_TREE', `${where}.type must be a non-empty string`);
    }
    if (raw.payload !== undefined && !isObject(raw.payload)) {
      fail('MALFORMED_TREE', `${where}.payload must be an object`);
    }
    const expiresAt = parseExpiration(raw.expiration, where);
    if (raw.type.startsWith(TEMPLATE_PREFIX)) {
      return this.expand(
        raw,
        raw.type.slice(TEMPLATE_PREFIX.length),
        where,
        depth,
        template,
        expiresAt,
      );
    }
    if (!FUNCTIONS.has(raw.type)) {
      fail(
        'UNKNOWN_TASK_TYPE',
        `${where}.type ${JSON.stringify(raw.type.slice(0, 64))} is not a task type`,
      );
    }
    if (++this.count > ProcessingLimits.maxTasks) {
      fail('TOO_MANY_TASKS', `a request holds at most ${ProcessingLimits.maxTasks} tasks`);
    }
    // ADR 0005: placeholders are filled in every task's payload, whether a template or the
    // partner's own tree holds the task.
    const payload = substituteParameters(
      raw.payload ?? {},
      this.parameters,
      template === null ? where : `${where} (template ${template})`,
    ) as Record<string, unknown>;
    return [
      {
        type: raw.type as TaskFunction,
        template,
        payload,
        expiresAt,
        success: this.list(raw.success, `${where}.success`, depth + 1, template),
        fail: this.list(raw.fail, `${where}.fail`, depth + 1, template),
        always: this.list(raw.always, `${where}.always`, depth + 1, template),
      },
    ];
  }

  /**
   * `template:<name>` stands for the template's tasks at this place. Its own success/fail/always
   * lists hang under the template's task when the template has exactly one root task.
   */
  private expand(
    raw: Record<string, unknown>,
    name: string,
    where: string,
    depth: number,
    inside: string | null,
    expiresAt: Date | null,
  ): TaskSpec[] {
    if (inside !== null) {
      return fail('MALFORMED_TREE', `${where}: template ${inside} cannot use another template`);
    }
    const stored = Object.prototype.hasOwnProperty.call(this.templates, name)
      ? this.templates[name]
      : undefined;
    if (!Array.isArray(stored) || stored.length === 0) {
      return fail(
        'UNKNOWN_TEMPLATE',
        `${where}: the partner has no template ${JSON.stringify(name.slice(0, 64))}`,
      );
    }
    const roots = this.list(stored, `template ${name}`, depth, name);
    const branches = {
      success: this.list(raw.success, `${where}.success`, depth + 1, null),
      fail: this.list(raw.fail, `${where}.fail`, depth + 1, null),
      always: this.list(raw.always, `${where}.always`, depth + 1, null),
    };
    const hasBranches = branches.success.length + branches.fail.length + branches.always.length > 0;
    if (hasBranches && roots.length !== 1) {
      fail(
        'MALFORMED_TREE',
        `${where}: success/fail/always need a template of exactly one root task`,
      );
    }
    for (const root of roots) {
      root.expiresAt ??= expiresAt;
      root.success.push(...branches.success);
      root.fail.push(...branches.fail);
      root.always.push(...branches.always);
    }
    return roots;
  }
}

function parseExpiration(raw: unknown, where: string): Date | null {
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw) || typeof raw.date !== 'string' || Number.isNaN(Date.parse(raw.date))) {
    return fail('MALFORMED_TREE', `${where}.expiration.date must be a date`);
  }
  return new Date(raw.date);
}
