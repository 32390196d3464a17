import { liveProjectsProblem } from './live-projects-startup-check';

describe('liveProjectsProblem', () => {
  it('refuses production without an adapter while live projects exist', () => {
    expect(liveProjectsProblem(true, false, 2)).toMatch(
      /ACQUIRER_ADAPTER is none but 2 live project\(s\) exist/,
    );
  });

  it.each([
    ['outside production', false, false, 2],
    ['with an adapter', true, true, 2],
    ['without live projects', true, false, 0],
  ])('lets payments start %s', (_label, production, adapter, live) => {
    expect(liveProjectsProblem(production, adapter, live)).toBeNull();
  });
});
