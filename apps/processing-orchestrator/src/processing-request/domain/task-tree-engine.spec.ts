import { TASK_FUNCTIONS } from '@opp/contracts';
import { buildTasks } from './task-tree-builder';
import { parseProcessingRequest } from './processing-request-parser';
import type { ProcessingTask } from './processing-task';
import { REASONS, TaskTreeEngine } from './task-tree-engine';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

function tree(tasks: unknown[], now = T0) {
  const parsed = parseProcessingRequest({
    header: { request: { id: 'r', date: T0.toISOString() } },
    payload: { partner: { identifier: 'p' }, tasks },
  });
  let n = 0;
  return buildTasks(parsed.roots, () => `t${n++}`, now);
}

function run(tasks: ProcessingTask[], now = T0, sandbox = true) {
  const engine = new TaskTreeEngine(tasks, { now, sandbox });
  engine.advance();
  return engine;
}

const statuses = (tasks: ProcessingTask[]) =>
  Object.fromEntries(tasks.map((t) => [t.path, t.status]));

const remote = (extra: Record<string, unknown> = {}) => ({
  type: 'user.resolve',
  payload: { identifier: 'u' },
  ...extra,
});

describe('TaskTreeEngine', () => {
  it('starts every root at once and dispatches remote functions', () => {
    const tasks = tree([remote(), remote(), { type: 'wait', payload: { seconds: 1 } }]);
    const engine = run(tasks);
    expect(statuses(tasks)).toEqual({ '0': 'RUNNING', '1': 'RUNNING', '2': 'RUNNING' });
    expect(engine.dispatched.map((t) => t.path)).toEqual(['0', '1']);
    expect(tasks[2].dueAt).toEqual(at(1000));
    expect(engine.requestStatus()).toBe('PROCESSING');
  });

  it('runs the success list and skips the whole fail subtree on success', () => {
    const tasks = tree([
      remote({
        success: [remote()],
        fail: [remote({ success: [remote()], always: [remote()] })],
        always: [remote()],
      }),
    ]);
    const engine = run(tasks);
    engine.applyOutcome(engine.task('t0')!, { outcome: 'SUCCESS', data: { id: '1' } });
    expect(statuses(tasks)).toEqual({
      '0': 'SUCCESS',
      '0.success.0': 'RUNNING',
      '0.fail.0': 'SKIPPED',
      '0.fail.0.success.0': 'SKIPPED',
      '0.fail.0.always.0': 'SKIPPED',
      '0.always.0': 'RUNNING',
    });
    expect(tasks[0].data).toEqual({ id: '1' });
    expect(tasks.find((t) => t.path === '0.fail.0')!.reason).toBe(REASONS.branchNotTaken);
  });

  it('runs the fail list and skips the success subtree on failure; always runs either way', () => {
    const tasks = tree([remote({ success: [remote()], fail: [remote()], always: [remote()] })]);
    const engine = run(tasks);
    engine.applyOutcome(engine.task('t0')!, { outcome: 'FAIL', reason: 'declined' });
    expect(statuses(tasks)).toEqual({
      '0': 'FAIL',
      '0.success.0': 'SKIPPED',
      '0.fail.0': 'RUNNING',
      '0.always.0': 'RUNNING',
    });
    expect(tasks[0].reason).toBe('declined');
  });

  it('fails an invalid wait at once and routes to its fail branch in the same step', () => {
    const tasks = tree([
      {
        type: 'wait',
        payload: { seconds: -1 },
        success: [remote()],
        fail: [{ type: 'wait', payload: { seconds: 0 } }],
      },
    ]);
    const engine = run(tasks);
    expect(statuses(tasks)).toEqual({
      '0': 'FAIL',
      '0.success.0': 'SKIPPED',
      '0.fail.0': 'SUCCESS',
    });
    expect(tasks[0].reason).toBe(REASONS.invalidWait);
    expect(engine.requestStatus()).toBe('FINISHED');
  });

  it('refuses wait outside sandbox projects', () => {
    const tasks = tree([{ type: 'wait', payload: { seconds: 1 } }]);
    run(tasks, T0, false);
    expect(tasks[0]).toMatchObject({ status: 'FAIL', reason: REASONS.sandboxOnly });
  });

  it('hands every function but wait to its owner: none is left unavailable', () => {
    const owned = TASK_FUNCTIONS.filter((fn) => fn !== 'wait');
    const tasks = tree(owned.map((type) => ({ type })));
    const engine = run(tasks);
    expect(tasks.map((t) => t.status)).toEqual(owned.map(() => 'RUNNING'));
    expect(engine.dispatched.map((t) => t.type)).toEqual(owned);
  });

  it('hands transaction.reverse to its owner like any built function', () => {
    const tasks = tree([{ type: 'transaction.reverse', payload: { id: 1, amount: '1.00' } }]);
    const engine = run(tasks);
    expect(tasks[0].status).toBe('RUNNING');
    expect(engine.dispatched.map((t) => t.type)).toEqual(['transaction.reverse']);
  });

  it('dispatches recurring.charge to its owner (ADR 0012)', () => {
    const tasks = tree([{ type: 'recurring.charge', payload: { user: '1' } }]);
    const engine = run(tasks);
    expect(tasks[0].status).toBe('RUNNING');
    expect(engine.dispatched.map((t) => t.type)).toEqual(['recurring.charge']);
  });

  it('finishes a wait when its timer is due, not before', () => {
    const tasks = tree([{ type: 'wait', payload: { seconds: 2 }, success: [remote()] }]);
    run(tasks);
    const early = new TaskTreeEngine(tasks, { now: at(1999), sandbox: true });
    early.fireTimers();
    expect(early.changed.size).toBe(0);
    const due = new TaskTreeEngine(tasks, { now: at(2000), sandbox: true });
    due.fireTimers();
    expect(statuses(tasks)).toEqual({ '0': 'SUCCESS', '0.success.0': 'RUNNING' });
    expect(due.dispatched.map((t) => t.path)).toEqual(['0.success.0']);
  });

  it('expires a task whose expiration.date passed before it could start; its fail branch runs', () => {
    const tasks = tree([
      remote({
        expiration: { date: at(-1000).toISOString() },
        success: [remote()],
        fail: [remote()],
      }),
    ]);
    const engine = run(tasks);
    expect(statuses(tasks)).toEqual({
      '0': 'EXPIRED',
      '0.success.0': 'SKIPPED',
      '0.fail.0': 'RUNNING',
    });
    expect(engine.dispatched.map((t) => t.path)).toEqual(['0.fail.0']);
  });

  it('expires a running task by its timer and ignores its late result', () => {
    const tasks = tree([
      remote({ expiration: { date: at(5000).toISOString() }, always: [remote()] }),
    ]);
    run(tasks);
    expect(tasks[0].dueAt).toEqual(at(5000));
    const later = new TaskTreeEngine(tasks, { now: at(5000), sandbox: true });
    later.fireTimers();
    expect(statuses(tasks)).toEqual({ '0': 'EXPIRED', '0.always.0': 'RUNNING' });
    const late = new TaskTreeEngine(tasks, { now: at(6000), sandbox: true });
    expect(late.applyOutcome(late.task('t0')!, { outcome: 'SUCCESS' })).toBe(false);
    expect(tasks[0].status).toBe('EXPIRED');
  });

  it('a wait longer than its expiry expires at the expiry', () => {
    const tasks = tree([
      { type: 'wait', payload: { seconds: 10 }, expiration: { date: at(3000).toISOString() } },
    ]);
    run(tasks);
    expect(tasks[0].dueAt).toEqual(at(3000));
    const engine = new TaskTreeEngine(tasks, { now: at(3000), sandbox: true });
    engine.fireTimers();
    expect(tasks[0].status).toBe('EXPIRED');
  });

  it('ignores a second result for a finished task (idempotent)', () => {
    const tasks = tree([remote({ success: [remote()] })]);
    const engine = run(tasks);
    expect(engine.applyOutcome(engine.task('t0')!, { outcome: 'SUCCESS' })).toBe(true);
    const again = new TaskTreeEngine(tasks, { now: T0, sandbox: true });
    expect(again.applyOutcome(again.task('t0')!, { outcome: 'FAIL' })).toBe(false);
    expect(again.dispatched).toEqual([]);
    expect(tasks[0].status).toBe('SUCCESS');
  });

  it('is WAITING while a task waits for an interaction, PROCESSING after, FINISHED when all ended', () => {
    const tasks = tree([remote(), remote()]);
    const engine = run(tasks);
    engine.applyOutcome(engine.task('t0')!, {
      outcome: 'WAITING',
      interactive: { type: 'REDIRECT', uri: 'https://acs', method: 'POST' },
    });
    expect(engine.requestStatus()).toBe('WAITING');
    engine.resume(engine.task('t0')!, 'auth');
    expect(engine.requestStatus()).toBe('PROCESSING');
    engine.applyOutcome(engine.task('t0')!, { outcome: 'SUCCESS' });
    expect(engine.requestStatus()).toBe('PROCESSING');
    engine.applyOutcome(engine.task('t1')!, { outcome: 'FAIL' });
    expect(engine.requestStatus()).toBe('FINISHED');
  });

  it('drops a task payload once it is over (it may hold card data)', () => {
    const tasks = tree([remote()]);
    const engine = run(tasks);
    expect(tasks[0].payload).toEqual({ identifier: 'u' });
    engine.applyOutcome(engine.task('t0')!, { outcome: 'SUCCESS' });
    expect(tasks[0].payload).toBeNull();
    expect(tasks[0].publicPayload).toEqual({ identifier: 'u' });
  });
});
