import { callbackStatusOf } from './transaction';

describe('callback status of a transaction change', () => {
  it('tells the merchant of each completed later movement of a payment (ADR 0021, 0028)', () => {
    expect(callbackStatusOf('completed', 'refund')).toBe('refund_completed');
    expect(callbackStatusOf('completed', 'chargeback')).toBe('chargeback_completed');
    expect(callbackStatusOf('completed', 'retrieval')).toBe('retrieval_completed');
    expect(callbackStatusOf('completed', 'penalty')).toBe('penalty_completed');
  });

  it('has no callback for a returned reserve or for the payment changing under them (ADR 0027)', () => {
    expect(callbackStatusOf('returned', 'rolling_reserve')).toBeNull();
    for (const status of ['refunded', 'charged_back', 'retrieved'] as const) {
      expect(callbackStatusOf(status, 'payment')).toBeNull();
    }
  });

  it('keeps the statuses of payments themselves', () => {
    expect(callbackStatusOf('completed', 'payment')).toBe('completed');
    expect(callbackStatusOf('cancelled', 'payment')).toBe('failed');
    expect(callbackStatusOf('verified', 'verification')).toBe('verified');
  });
});
