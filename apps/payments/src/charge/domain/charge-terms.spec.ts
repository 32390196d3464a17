import { ErrorCode } from '@opp/errors';
import { chargeTermsOf, VERIFICATION_AMOUNT } from './charge-terms';
import { Refusal } from '@opp/contracts';

const settings = { feePercent: '2.5', feeFixed: '0.30', rememberEnabled: true };
const eur = (minor: bigint) => ({ minor, currency: 'EUR', exponent: 2, text: '' });
const terms = (fields: Partial<Parameters<typeof chargeTermsOf>[0]>, s = settings) =>
  chargeTermsOf({ verifyCard: false, remember: false, requested: eur(1000n), ...fields }, s);
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Refusal).code;
  }
  return undefined;
};

describe('chargeTermsOf (ADR 0065)', () => {
  it('prices a payment with its fee', () => {
    expect(terms({})).toEqual({ type: 'payment', amount: eur(1000n), feeMinor: 55n });
  });

  it('holds the verification amount without a fee, whatever the price', () => {
    expect(terms({ verifyCard: true, requested: eur(0n) })).toEqual({
      type: 'verification',
      amount: VERIFICATION_AMOUNT,
      feeMinor: 0n,
    });
  });

  it('refuses a zero amount and remembering where the project forbids it', () => {
    expect(codeOf(() => terms({ requested: eur(0n) }))).toBe(ErrorCode.InvalidParameter);
    const forbidden = { ...settings, rememberEnabled: false };
    expect(codeOf(() => terms({ remember: true }, forbidden))).toBe(
      ErrorCode.CardRememberingDisabled,
    );
  });
});
