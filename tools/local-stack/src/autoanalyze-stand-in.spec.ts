import { visitPlan } from './autoanalyze-stand-in';

describe('the autoanalyze stand-in visit plan', () => {
  it('gives each database its whole due ANALYZE once in as many visits as there are databases', () => {
    const visits = Array.from({ length: 6 }, (_, visit) => visitPlan(visit, 3));
    expect(visits).toEqual([
      ['past-threshold', 'first-analyze', 'first-analyze'],
      ['first-analyze', 'past-threshold', 'first-analyze'],
      ['first-analyze', 'first-analyze', 'past-threshold'],
      ['past-threshold', 'first-analyze', 'first-analyze'],
      ['first-analyze', 'past-threshold', 'first-analyze'],
      ['first-analyze', 'first-analyze', 'past-threshold'],
    ]);
  });

  it('visits a single database whole every time', () => {
    expect([0, 1, 2].map((visit) => visitPlan(visit, 1))).toEqual([
      ['past-threshold'],
      ['past-threshold'],
      ['past-threshold'],
    ]);
  });
});
