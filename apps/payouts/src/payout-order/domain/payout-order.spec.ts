import { PayoutOrder, PayoutOrderAlreadySettledError, sandboxRailOutcome } from './payout-order';

describe('payout order', () => {
  const accepted = () =>
    PayoutOrder.accept(
      {
        id: 1,
        projectId: 2,
        typeKey: 'sepa',
        amountMinor: 100n,
        currency: 'EUR',
        accountDisplay: 'DE89370400440532013000',
      },
      new Date(0),
    );

  it('decides sandbox outcomes by the account ending (ADR 0011)', () => {
    expect(sandboxRailOutcome('424242******4242')).toBe('completed');
    expect(sandboxRailOutcome('wallet-0002')).toBe('failed');
    expect(sandboxRailOutcome('DE12500105170000000003')).toBe('cancelled');
  });

  it('settles once, with a reason when the money did not go out', () => {
    const order = accepted();
    expect(order.settle('failed', new Date(1))).toEqual({
      outcome: 'failed',
      reason: expect.stringContaining('declined'),
    });
    expect(order.snapshot.status).toBe('failed');
    expect(() => order.settle('completed', new Date(2))).toThrow(PayoutOrderAlreadySettledError);
  });
});
