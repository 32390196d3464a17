import { luhnCheckDigit, luhnValid } from './luhn';

describe('Luhn', () => {
  it.each(['4242424242424242', '5555555555554444', '4000000000003220', '378282246310005', '0'])(
    'accepts the Luhn-valid %s',
    (digits) => expect(luhnValid(digits)).toBe(true),
  );

  it.each(['4242424242424241', '1234567812345678', '4242-4242-4242-4242', '', ' 4242424242424242'])(
    'refuses %j',
    (digits) => expect(luhnValid(digits)).toBe(false),
  );

  it('completes a number with its check digit', () => {
    expect(luhnCheckDigit('424242424242424')).toBe('2');
    expect(luhnCheckDigit('555555555555444')).toBe('4');
    expect(() => luhnCheckDigit('42x')).toThrow();
  });
});
