import { LogIds } from './log-ids';

describe('LogIds', () => {
  it('gives each object one number, in order of first use', () => {
    const ids = new LogIds<object>();
    const [a, b] = [{}, {}];
    expect([ids.of(a), ids.of(b), ids.of(a), ids.of(undefined)]).toEqual([1, 2, 1, undefined]);
  });
});
