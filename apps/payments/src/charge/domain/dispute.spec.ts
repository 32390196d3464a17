import { completedPayment as payment } from '../../../test/support/completed-payment.fixture';
import { chargeBack, DisputeRefused, retrieve } from './dispute';

describe('sandbox disputes (ADR 0028)', () => {
  it('charges back the whole payment, returns the fee with it and takes the fee as penalty', () => {
    expect(chargeBack(payment())).toEqual({
      amountMinor: 1000n,
      feeMinor: 55n,
      penaltyMinor: 55n,
    });
  });

  it('charges back what reversals left, with the fee not yet returned', () => {
    // 400 of 1000 reversed returned round(55 * 400 / 1000) = 22 of the fee.
    expect(chargeBack(payment({ status: 'refunded', reversedMinor: 400n }))).toEqual({
      amountMinor: 600n,
      feeMinor: 33n,
      penaltyMinor: 55n,
    });
  });

  it('applies no penalty to a payment without a fee', () => {
    expect(chargeBack(payment({ feeMinor: 0n })).penaltyMinor).toBe(0n);
  });

  it('refuses what is not a completed payment with something left', () => {
    expect(() => chargeBack(payment({ status: 'failed', originalStatus: 'failed' }))).toThrow(
      DisputeRefused,
    );
    expect(() => chargeBack(payment({ type: 'refund' }))).toThrow(DisputeRefused);
    expect(() => chargeBack(payment({ status: 'charged_back' }))).toThrow(DisputeRefused);
    expect(() => chargeBack(payment({ status: 'refunded', reversedMinor: 1000n }))).toThrow(
      /fully reversed/,
    );
  });

  it('retrieves only a charged-back payment, for the chargeback amount', () => {
    const chargeback = payment({ id: 8, type: 'chargeback', priceMinor: 600n, feeMinor: 33n });
    expect(retrieve(payment({ status: 'charged_back' }), chargeback)).toEqual({
      amountMinor: 600n,
      feeMinor: 33n,
    });
    expect(() => retrieve(payment(), chargeback)).toThrow(/not charged back/);
    expect(() => retrieve(payment({ status: 'retrieved' }), chargeback)).toThrow(DisputeRefused);
  });
});
