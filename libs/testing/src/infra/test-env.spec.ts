import { suitePrefixes, suiteSlug } from './test-env';

describe('suite prefixes', () => {
  it('turns a suite name into a short identifier', () => {
    expect(suiteSlug('Payments: refund flow')).toBe('payments_refund_flow');
    expect(suiteSlug('a'.repeat(40))).toHaveLength(20);
    expect(() => suiteSlug('---')).toThrow(/no letters/);
  });

  it('gives each suite its topics (per run) and its databases', () => {
    expect(suitePrefixes('Payouts', 'abc')).toEqual({
      topicPrefix: 't.payouts.abc.',
      dbPrefix: 'opp_t_payouts_',
    });
  });
});
