import { ErrorCode } from '@opp/errors';
import { amountInMinor, requestedAmountOf } from './requested-amount';

const refusalOf = (price: string, currency: string) => {
  try {
    requestedAmountOf(price, currency);
    return undefined;
  } catch (error) {
    return (error as { code: number; message: string }).code;
  }
};

describe('requested amount (D9)', () => {
  it('turns decimal text into exact minor units', () => {
    expect(requestedAmountOf('10.5', 'EUR')).toMatchObject({ minor: 1050n, text: '10.50' });
    expect(requestedAmountOf('100', 'JPY')).toMatchObject({ minor: 100n, text: '100' });
    expect(requestedAmountOf('1.234', 'KWD')).toMatchObject({ minor: 1234n, exponent: 3 });
  });

  it('refuses more decimals than the currency has with 40018', () => {
    expect(refusalOf('10.001', 'EUR')).toBe(ErrorCode.AmountInvalidForCurrency);
    expect(refusalOf('1.5', 'JPY')).toBe(ErrorCode.AmountInvalidForCurrency);
  });

  it('refuses an unknown currency or a malformed price with 40017', () => {
    expect(refusalOf('10', 'XXX')).toBe(ErrorCode.InvalidParameter);
    expect(refusalOf('1e3', 'EUR')).toBe(ErrorCode.InvalidParameter);
    expect(refusalOf('-1', 'EUR')).toBe(ErrorCode.InvalidParameter);
  });

  it('takes minor units checked at the edge, in a currency it knows', () => {
    expect(amountInMinor('1050', 'EUR')).toEqual({
      minor: 1050n,
      currency: 'EUR',
      exponent: 2,
      text: '10.50',
    });
    expect(amountInMinor('1234', 'KWD')).toMatchObject({ exponent: 3, text: '1.234' });
    expect(() => amountInMinor('100', 'XYZ')).toThrow('Unknown currency "XYZ"');
  });
});
