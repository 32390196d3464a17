import { apiErrorCodeOf } from '../../../test/support/api-error-code';
import { hasCardData, readCardInput } from './card-fields';

const NOW = new Date('2026-05-15T12:00:00Z');
const valid = {
  number: '4242424242424242',
  expiration_month: '12',
  expiration_year: '2030',
  security_code: '123',
};

const codeOf = (params: Record<string, unknown>) =>
  apiErrorCodeOf(() => readCardInput(params, NOW));

describe('readCardInput', () => {
  it('reads a valid card into the contract shape', () => {
    expect(readCardInput({ ...valid, holder: ' Jane Doe ' }, NOW)).toEqual({
      number: '4242424242424242',
      expirationMonth: 12,
      expirationYear: 2030,
      securityCode: '123',
      holder: 'Jane Doe',
    });
  });

  it('reads JSON numbers as their text and leaves an empty holder out', () => {
    expect(
      readCardInput({ ...valid, expiration_month: 1, expiration_year: 2031, holder: '' }, NOW),
    ).toEqual({
      number: '4242424242424242',
      expirationMonth: 1,
      expirationYear: 2031,
      securityCode: '123',
    });
  });

  it.each<[string, Record<string, unknown>, number]>([
    ['number missing', { ...valid, number: undefined }, 40003],
    ['number empty', { ...valid, number: '  ' }, 40003],
    ['number with letters', { ...valid, number: '4242abcd42424242' }, 40004],
    ['number with separators', { ...valid, number: '4242 4242 4242 4242' }, 40004],
    ['number failing Luhn', { ...valid, number: '4242424242424241' }, 40004],
    ['number too short', { ...valid, number: '42424242424' }, 40004],
    ['number too long', { ...valid, number: '42424242424242424242' }, 40004],
    ['month missing', { ...valid, expiration_month: '' }, 40012],
    ['year missing', { ...valid, expiration_year: undefined }, 40013],
    ['month 13', { ...valid, expiration_month: '13' }, 40005],
    ['month 0', { ...valid, expiration_month: '0' }, 40005],
    ['month not a number', { ...valid, expiration_month: 'ab' }, 40005],
    ['two-digit year', { ...valid, expiration_year: '30' }, 40005],
    ['year past 2100', { ...valid, expiration_year: '2101' }, 40005],
    ['expiry in a past year', { ...valid, expiration_year: '2025' }, 40005],
    ['expiry last month', { ...valid, expiration_month: '4', expiration_year: '2026' }, 40005],
    ['security code missing', { ...valid, security_code: undefined }, 40006],
    ['security code of 2 digits', { ...valid, security_code: '12' }, 40007],
    ['security code of 5 digits', { ...valid, security_code: '12345' }, 40007],
    ['security code with letters', { ...valid, security_code: '12a' }, 40007],
    ['holder of 22 characters', { ...valid, holder: 'x'.repeat(22) }, 40015],
    ['nested number', { ...valid, number: { a: '1' } }, 40017],
  ])('refuses %s with %i', (_what, params, code) => {
    expect(codeOf(params)).toBe(code);
  });

  it('accepts the current month, a leading zero, a 4-digit code and a 21-character holder', () => {
    expect(codeOf({ ...valid, expiration_month: '05', expiration_year: '2026' })).toBeUndefined();
    expect(codeOf({ ...valid, security_code: '1234' })).toBeUndefined();
    expect(codeOf({ ...valid, holder: 'x'.repeat(21) })).toBeUndefined();
  });

  it('reports the first problem in field order', () => {
    expect(codeOf({})).toBe(40003);
    expect(codeOf({ number: valid.number })).toBe(40012);
    expect(codeOf({ number: valid.number, expiration_month: '1' })).toBe(40013);
    expect(codeOf({ ...valid, security_code: '', holder: 'x'.repeat(30) })).toBe(40006);
  });
});

describe('hasCardData', () => {
  it('is false for no or all-empty fields, true otherwise', () => {
    expect(hasCardData({})).toBe(false);
    expect(hasCardData({ number: '', holder: ' ' })).toBe(false);
    expect(hasCardData({ security_code: '1' })).toBe(true);
  });
});
