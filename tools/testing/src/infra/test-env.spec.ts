import { suitePrefixes, suiteSlug, testCheckoutTag } from './test-env';

describe('suite prefixes', () => {
  it('turns a suite name into a short identifier', () => {
    expect(suiteSlug('Payments: refund flow')).toBe('payments_refund_flow');
    expect(suiteSlug('a'.repeat(40))).toHaveLength(20);
    expect(() => suiteSlug('---')).toThrow(/no letters/);
  });

  it('gives each suite its topics (per run) and its databases', () => {
    expect(suitePrefixes('Payouts', 'abc', '')).toEqual({
      topicPrefix: 't.payouts.abc.',
      dbPrefix: 'opp_t_payouts_',
    });
  });

  it('keeps the databases of another checkout apart when OPP_TEST_DB_TAG is set', () => {
    expect(suitePrefixes('Payouts', 'abc', testCheckoutTag('wt2')).dbPrefix).toBe(
      'opp_t_wt2_payouts_',
    );
    expect(testCheckoutTag('')).toBe('');
    expect(() => testCheckoutTag('Bad-Tag')).toThrow(/OPP_TEST_DB_TAG/);
  });
});
