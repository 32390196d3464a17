import type { ProcessingTask, TaskStatus } from '../domain/processing-task';
import { treeFinalStatus } from './processing-metrics';

const tasks = (...statuses: TaskStatus[]) =>
  statuses.map((status) => ({ status }) as ProcessingTask);

describe('treeFinalStatus', () => {
  it('is FAIL when a task failed, else EXPIRED when one expired, else SUCCESS', () => {
    expect(treeFinalStatus(tasks('SUCCESS', 'SKIPPED', 'SUCCESS'))).toBe('SUCCESS');
    expect(treeFinalStatus(tasks('SUCCESS', 'EXPIRED', 'SKIPPED'))).toBe('EXPIRED');
    expect(treeFinalStatus(tasks('EXPIRED', 'FAIL', 'SUCCESS'))).toBe('FAIL');
  });
});
