import { parseProcessingRequest } from './processing-request-parser';
import { ProcessingRuleError } from './processing-rule-error';
import { buildTasks } from './task-tree-builder';

const header = { request: { id: 'r-1', date: '2030-01-01T00:00:00Z' } };
const request = (tasks: unknown, extra: Record<string, unknown> = {}) => ({
  header,
  payload: {
    partner: { identifier: 'p', parameters: { to: 'https://x.test/hook', name: 'Ann' } },
    tasks,
  },
  ...extra,
});
const wait = (more: Record<string, unknown> = {}) => ({
  type: 'wait',
  payload: { seconds: 0 },
  ...more,
});

function ruleOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof ProcessingRuleError) return error.code;
    throw error;
  }
  return 'none';
}

describe('parseProcessingRequest', () => {
  it('reads the header: sync with no waitTime waits PT2S; without sync nothing is waited', () => {
    const sync = parseProcessingRequest({
      ...request([wait()]),
      header: { ...header, service: { sync: true } },
    });
    expect(sync.header).toEqual({ sync: true, waitingTime: 'PT2S', targets: [] });
    const one = parseProcessingRequest({
      ...request([wait()]),
      header: {
        ...header,
        service: {
          sync: true,
          waitTime: 'PT1S',
          result: [{ type: 'URL', uri: 'http://a.test/n', method: 'GET' }],
        },
      },
    });
    expect(one.header.waitingTime).toBe('PT1S');
    expect(one.header.targets).toHaveLength(1);
    expect(parseProcessingRequest(request([wait()])).header.waitingTime).toBe('PT0S');
  });

  it.each([
    ['no header.request', { payload: { tasks: [wait()] } }, 'HEADER_REQUEST_MISSING'],
    ['empty tasks', request([]), 'TASKS_EMPTY'],
    ['missing tasks', { header, payload: { partner: {} } }, 'TASKS_EMPTY'],
    ['tasks not an array', request({ type: 'wait' }), 'MALFORMED_TREE'],
    ['task not an object', request(['wait']), 'MALFORMED_TREE'],
    ['task without type', request([{ payload: {} }]), 'MALFORMED_TREE'],
    ['payload not an object', request([{ type: 'wait', payload: [1] }]), 'MALFORMED_TREE'],
    ['success not an array', request([wait({ success: {} })]), 'MALFORMED_TREE'],
    ['bad expiration', request([wait({ expiration: { date: 'soon' } })]), 'MALFORMED_TREE'],
    ['unknown type', request([wait({ fail: [{ type: 'card.steal' }] })]), 'UNKNOWN_TASK_TYPE'],
    [
      'bad waitTime',
      { ...request([wait()]), header: { ...header, service: { waitTime: 'PT5S' } } },
      'INVALID_HEADER',
    ],
    [
      'bad target',
      {
        ...request([wait()]),
        header: {
          ...header,
          service: { result: [{ type: 'URL', uri: 'ftp://x', method: 'GET' }] },
        },
      },
      'INVALID_HEADER',
    ],
    ['no payload', { header }, 'INVALID_REQUEST'],
  ])('refuses %s', (_name, body, rule) => {
    expect(ruleOf(() => parseProcessingRequest(body as Record<string, unknown>))).toBe(rule);
  });

  it('accepts 100 tasks and refuses 101', () => {
    expect(
      ruleOf(() => parseProcessingRequest(request(Array.from({ length: 100 }, () => wait())))),
    ).toBe('none');
    expect(
      ruleOf(() => parseProcessingRequest(request(Array.from({ length: 101 }, () => wait())))),
    ).toBe('TOO_MANY_TASKS');
  });

  it('accepts 10 levels and refuses 11', () => {
    const chain = (levels: number): Record<string, unknown> =>
      levels === 1 ? wait() : wait({ always: [chain(levels - 1)] });
    expect(ruleOf(() => parseProcessingRequest(request([chain(10)])))).toBe('none');
    expect(ruleOf(() => parseProcessingRequest(request([chain(11)])))).toBe('TREE_TOO_DEEP');
  });

  describe('templates', () => {
    const templates = {
      greet: [
        {
          type: 'message.send',
          payload: {
            channel: 'webhook',
            to: '${parameters.to}',
            text: 'Hello ${parameters.name}!',
          },
        },
      ],
      pair: [wait(), wait()],
      nested: [{ type: 'template:greet' }],
      needs: [{ type: 'wait', payload: { seconds: 0, note: '${parameters.missing}' } }],
    };

    it('expands a template with the partner parameters, keeping the task branches', () => {
      const parsed = parseProcessingRequest(
        request([
          {
            type: 'template:greet',
            success: [wait()],
            expiration: { date: '2031-01-01T00:00:00Z' },
          },
        ]),
        templates,
      );
      expect(parsed.roots).toHaveLength(1);
      expect(parsed.roots[0]).toMatchObject({
        type: 'message.send',
        template: 'greet',
        payload: { channel: 'webhook', to: 'https://x.test/hook', text: 'Hello Ann!' },
        expiresAt: new Date('2031-01-01T00:00:00Z'),
      });
      expect(parsed.roots[0].success.map((s) => s.type)).toEqual(['wait']);
      const tasks = buildTasks(parsed.roots, () => 'id', new Date());
      expect(tasks.map((t) => t.path)).toEqual(['0', '0.success.0']);
    });

    it('fills placeholders in the payload of a task outside any template too', () => {
      const parsed = parseProcessingRequest(
        request([
          {
            type: 'user.resolve',
            payload: { identifier: '${parameters.name}', ip: '10.0.0.1' },
            success: [{ type: 'wait', payload: { seconds: 0, note: 'to ${parameters.to}' } }],
          },
        ]),
      );
      expect(parsed.roots[0].payload).toEqual({ identifier: 'Ann', ip: '10.0.0.1' });
      expect(parsed.roots[0].success[0].payload).toEqual({
        seconds: 0,
        note: 'to https://x.test/hook',
      });
      expect(
        ruleOf(() =>
          parseProcessingRequest(
            request([{ type: 'wait', payload: { seconds: 0, note: '${parameters.nope}' } }]),
          ),
        ),
      ).toBe('TEMPLATE_PARAMETER_MISSING');
    });

    it('puts a template of several tasks in place, as parallel tasks', () => {
      const parsed = parseProcessingRequest(
        request([wait(), { type: 'template:pair' }]),
        templates,
      );
      expect(parsed.roots).toHaveLength(3);
    });

    it.each([
      ['an unknown template', [{ type: 'template:nope' }], 'UNKNOWN_TEMPLATE'],
      ['a missing parameter', [{ type: 'template:needs' }], 'TEMPLATE_PARAMETER_MISSING'],
      ['a template in a template', [{ type: 'template:nested' }], 'MALFORMED_TREE'],
      [
        'branches on a template of several tasks',
        [{ type: 'template:pair', fail: [wait()] }],
        'MALFORMED_TREE',
      ],
    ])('refuses %s', (_name, tasks, rule) => {
      expect(ruleOf(() => parseProcessingRequest(request(tasks), templates))).toBe(rule);
    });

    it('counts expanded tasks against the limit', () => {
      const many = { big: Array.from({ length: 60 }, () => wait()) };
      expect(
        ruleOf(() =>
          parseProcessingRequest(
            request([{ type: 'template:big' }, { type: 'template:big' }]),
            many,
          ),
        ),
      ).toBe('TOO_MANY_TASKS');
    });
  });
});
