import { parseProcessingRequest } from './processing-request-parser';
import { ProcessingRequest } from './processing-request';
import { buildTasks } from './task-tree-builder';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

const remote = (extra: Record<string, unknown> = {}) => ({
  type: 'user.resolve',
  payload: { identifier: 'u' },
  ...extra,
});
const payment = (extra: Record<string, unknown> = {}) => ({
  type: 'card.payment',
  payload: { amount: '1.00', acs_return_url: 'https://partner.example/back' },
  ...extra,
});

function accept(tasks: unknown[], sandbox = true) {
  const parsed = parseProcessingRequest({
    header: { request: { id: 'r', date: T0.toISOString() } },
    payload: { partner: { identifier: 'p' }, tasks },
  });
  let n = 0;
  return ProcessingRequest.accept(
    {
      globalId: 'g',
      partnerIdentifier: 'p',
      projectId: 1,
      sandbox,
      request: {},
      sync: false,
      waitingTime: parsed.header.waitingTime,
      targets: [],
      userIp: null,
    },
    buildTasks(parsed.roots, () => `t${n++}`, T0),
    T0,
  );
}

/** The request as the store gives it back: changes are counted from here. */
const reload = (request: ProcessingRequest) =>
  ProcessingRequest.restore(request.snapshot, [...request.tasks]);

const statuses = (request: ProcessingRequest) =>
  Object.fromEntries(request.tasks.map((t) => [t.path, t.status]));

describe('ProcessingRequest', () => {
  it('accepts a tree: every root starts, remote functions become commands, waits become timers', () => {
    const { request, effects } = accept([remote(), { type: 'wait', payload: { seconds: 3 } }]);
    expect(request.snapshot.status).toBe('PROCESSING');
    expect(effects.commands).toEqual([
      { taskId: 't0', function: 'user.resolve', payload: { identifier: 'u' } },
    ]);
    expect(effects.nextTimerAt).toEqual(at(3000));
    expect(effects.finishedAt).toBeNull();
  });

  it('finishes at once when nothing is left to run, and says so once', () => {
    const { request, effects } = accept([{ type: 'wait', payload: { seconds: 0 } }]);
    expect(request.snapshot).toMatchObject({ status: 'FINISHED', finishedAt: T0 });
    expect(effects).toEqual({ commands: [], nextTimerAt: null, finishedAt: T0 });
    expect(reload(request).fireTimers(at(1000)).finishedAt).toBeNull();
  });

  it('routes a SUCCESS to the success list, skips the fail list, runs always', () => {
    const { request: accepted } = accept([
      remote({ success: [remote()], fail: [remote()], always: [remote()] }),
    ]);
    const request = reload(accepted);
    const effects = request.applyResult({ taskId: 't0', outcome: 'SUCCESS' }, at(10));
    expect(statuses(request)).toEqual({
      '0': 'SUCCESS',
      '0.success.0': 'RUNNING',
      '0.fail.0': 'SKIPPED',
      '0.always.0': 'RUNNING',
    });
    expect(effects?.commands.map((c) => c.taskId)).toEqual(['t1', 't3']);
    expect(request.changedTasks.map((t) => t.path).sort()).toEqual([
      '0',
      '0.always.0',
      '0.fail.0',
      '0.success.0',
    ]);
    expect(request.statusChanged).toBe(false);
  });

  it('routes a FAIL to the fail list and skips the success subtree', () => {
    const request = reload(
      accept([remote({ success: [remote({ always: [remote()] })], fail: [remote()] })]).request,
    );
    const effects = request.applyResult(
      { taskId: 't0', outcome: 'FAIL', reason: 'declined' },
      at(10),
    );
    expect(statuses(request)).toEqual({
      '0': 'FAIL',
      '0.success.0': 'SKIPPED',
      '0.success.0.always.0': 'SKIPPED',
      '0.fail.0': 'RUNNING',
    });
    expect(request.tasks[0].reason).toBe('declined');
    expect(effects?.commands.map((c) => c.taskId)).toEqual(['t3']);
  });

  it('finishes with the last result and announces it in that transition only', () => {
    const request = reload(accept([remote()]).request);
    const effects = request.applyResult({ taskId: 't0', outcome: 'SUCCESS' }, at(10));
    expect(effects).toEqual({ commands: [], nextTimerAt: null, finishedAt: at(10) });
    expect(request.snapshot).toMatchObject({ status: 'FINISHED', finishedAt: at(10) });
    expect(request.statusChanged).toBe(true);
    expect(reload(request).applyResult({ taskId: 't0', outcome: 'SUCCESS' }, at(20))).toBeNull();
  });

  it('ignores results for unknown tasks and tasks that are over', () => {
    const request = reload(accept([remote()]).request);
    expect(request.applyResult({ taskId: 'nope', outcome: 'SUCCESS' }, at(10))).toBeNull();
    expect(request.changedTasks).toEqual([]);
  });

  it('masks card numbers in the data an owner returns', () => {
    const request = reload(accept([remote()]).request);
    request.applyResult(
      { taskId: 't0', outcome: 'SUCCESS', data: { card: { number: '4242424242424242' } } },
      at(10),
    );
    expect(request.tasks[0].data).toEqual({ card: { number: '424242******4242' } });
  });

  it('is WAITING while a card.payment waits for 3-D Secure, with its interaction', () => {
    const request = reload(accept([payment()]).request);
    const effects = request.applyResult(
      { taskId: 't0', outcome: 'WAITING', interactive: { url: 'https://acs.example' } },
      at(10),
    );
    expect(effects).toEqual({ commands: [], nextTimerAt: null, finishedAt: null });
    expect(request.snapshot.status).toBe('WAITING');
    expect(request.tasks[0].interactive).toEqual({ url: 'https://acs.example' });
  });

  it('keeps the transactions of a task in domain terms, in order, beside the response (ADR 0031)', () => {
    const challenge = {
      md: 'md',
      paReq: 'pa',
      termUrl: 'https://gw.example/processing/acs-return',
    };
    const record = (status: string, threeDs: typeof challenge | null) =>
      ({ id: 7, status, threeDs, card: { number: '4242424242424242' } }) as never;
    const request = reload(accept([payment()]).request);
    request.applyResult(
      {
        taskId: 't0',
        outcome: 'WAITING',
        transaction: { operation: 'charge', record: record('authenticating', challenge) },
      },
      at(10),
    );
    const waiting = request.response(at(11));
    expect(waiting.challenge).toEqual(challenge);
    expect(waiting.tasks).toEqual([
      {
        taskId: 't0',
        transactions: [
          {
            operation: 'charge',
            record: {
              id: 7,
              status: 'authenticating',
              threeDs: challenge,
              card: { number: '424242******4242' },
            },
          },
        ],
      },
    ]);
    expect(JSON.stringify(waiting.response)).not.toContain('"data"');
    expect(JSON.stringify(waiting.response)).not.toContain('interactive');
    request.applyResult(
      {
        taskId: 't0',
        outcome: 'SUCCESS',
        transaction: { operation: 'charge', record: record('completed', null) },
        data: { note: 'kept' },
      },
      at(20),
    );
    const finished = request.response(at(21));
    expect(finished.challenge).toBeNull();
    expect(finished.tasks[0].transactions.map((t) => t.record.status)).toEqual([
      'authenticating',
      'completed',
    ]);
    expect(request.tasks[0].data).toEqual({ note: 'kept' });
  });

  it('keeps the partner acs_return_url of a started card.payment for the way back', () => {
    const { request, effects } = accept([payment()]);
    expect(request.tasks[0].partnerReturnUrl).toBe('https://partner.example/back');
    expect(effects.commands[0].payload.acs_return_url).toBe('https://partner.example/back');
  });

  it('resumes a waiting card.payment once: card.authenticate goes out, the request runs again', () => {
    const waiting = reload(accept([payment()]).request);
    waiting.applyResult({ taskId: 't0', outcome: 'WAITING' }, at(10));
    const request = reload(waiting);
    const resumed = request.resume({ taskId: 't0', paRes: 'pa' }, 'auth-1', at(20));
    expect(resumed).toEqual({
      partnerReturnUrl: 'https://partner.example/back',
      effects: {
        commands: [
          { taskId: 'auth-1', function: 'card.authenticate', payload: { PaRes: 'pa', MD: '' } },
        ],
        nextTimerAt: null,
        finishedAt: null,
      },
    });
    expect(request.snapshot.status).toBe('PROCESSING');
    expect(request.tasks[0]).toMatchObject({ status: 'RUNNING', authTaskId: 'auth-1' });
    expect(reload(request).resume({ taskId: 't0' }, 'auth-2', at(30))).toEqual({
      partnerReturnUrl: 'https://partner.example/back',
      effects: null,
    });
    expect(request.resume({ taskId: 'nope' }, 'auth-3', at(30))).toBeNull();
  });

  it('after 3-D Secure the card.authenticate result decides; a late WAITING repeat does not', () => {
    const request = reload(accept([payment()]).request);
    request.applyResult({ taskId: 't0', outcome: 'WAITING' }, at(10));
    request.resume({ taskId: 't0' }, 'auth-1', at(20));
    expect(request.applyResult({ taskId: 't0', outcome: 'WAITING' }, at(30))).toBeNull();
    const effects = request.applyResult({ taskId: 'auth-1', outcome: 'SUCCESS' }, at(40));
    expect(effects?.finishedAt).toEqual(at(40));
    expect(request.tasks[0].status).toBe('SUCCESS');
  });

  it('owns its tasks and the card.authenticate commands they sent, and nothing else', () => {
    const request = reload(accept([payment()]).request);
    request.applyResult({ taskId: 't0', outcome: 'WAITING' }, at(10));
    request.resume({ taskId: 't0' }, 'auth-1', at(20));
    expect(request.hasTask('t0')).toBe(true);
    expect(request.hasTask('auth-1')).toBe(true);
    expect(request.hasTask('t1')).toBe(false);
  });
  it('expires a running task by its timer; its fail list runs', () => {
    const request = reload(
      accept([remote({ expiration: { date: at(5000).toISOString() }, fail: [remote()] })]).request,
    );
    expect(request.fireTimers(at(4999)).commands).toEqual([]);
    const effects = request.fireTimers(at(5000));
    expect(statuses(request)).toEqual({ '0': 'EXPIRED', '0.fail.0': 'RUNNING' });
    expect(request.tasks[0].reason).toBe('expired');
    expect(effects.commands.map((c) => c.taskId)).toEqual(['t1']);
  });

  it('ends a wait when its timer is due and finishes the request', () => {
    const request = reload(accept([{ type: 'wait', payload: { seconds: 2 } }]).request);
    const effects = request.fireTimers(at(2000));
    expect(request.tasks[0].status).toBe('SUCCESS');
    expect(effects).toEqual({ commands: [], nextTimerAt: null, finishedAt: at(2000) });
  });
});
