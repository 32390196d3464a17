import { AnswerTally, chaosTable, passed, type ScenarioOutcome } from './outcome';

describe('AnswerTally', () => {
  it('counts answers by status and times the refusals from the fault', () => {
    const tally = new AnswerTally();
    tally.faultAt = 10_000;
    tally.record({ orderId: 'a', status: '200 completed', at: 9_000 });
    tally.record({ orderId: 'b', status: '503', at: 10_400 });
    tally.record({ orderId: 'c', status: 'no answer', at: 13_100 });
    tally.record({ orderId: 'd', status: '200 completed', at: 14_000 });
    expect(tally.total).toBe(4);
    expect(tally.describe(1)).toBe('200 completed 2, 503 1, no answer 1 (1 completed later)');
    expect(tally.window()).toBe('t+0.4 s to t+3.1 s (2.7 s)');
    expect([...tally.refusedOrders]).toEqual(['b', 'c']);
  });

  it('has no window without a refusal', () => {
    expect(new AnswerTally().window()).toBe('none');
  });
});

describe('chaosTable', () => {
  const row: ScenarioOutcome = {
    scenario: 'broker killed',
    load: '16-way charges, 40 s: 800 charges',
    answers: '200 completed 800',
    window: 'none',
    lost: 0,
    doubled: 0,
    differences: 0,
    notes: [],
  };

  it('is a Markdown table with a row per scenario', () => {
    expect(chaosTable([row]).split('\n')).toEqual([
      '| scenario | load | answers by status | non-200 window | lost | doubled | reconciliation |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      '| broker killed | 16-way charges, 40 s: 800 charges | 200 completed 800 | none | 0 | 0 | 0 differences |',
    ]);
  });

  it('passes a row only with nothing lost, doubled or different', () => {
    expect(passed(row)).toBe(true);
    expect(passed({ ...row, lost: 1 })).toBe(false);
    expect(passed({ ...row, doubled: 1 })).toBe(false);
    expect(passed({ ...row, differences: 2 })).toBe(false);
  });
});
