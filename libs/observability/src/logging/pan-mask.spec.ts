import { luhnValid } from '@opp/card-bins';
import { maskPan, maskPans } from './pan-mask';

describe('pan-mask', () => {
  it('checks Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('masks as first 6 and last 4', () => {
    expect(maskPan('4111111111111111')).toBe('411111******1111');
  });

  it('masks Luhn-valid 13 to 19 digit runs only', () => {
    expect(maskPans('card 4111111111111111 ok')).toBe('card 411111******1111 ok');
    expect(maskPans('13 digits 4222222222222')).toBe('13 digits 422222******2222');
    expect(maskPans('19 digits 6011000990139424123')).toBe('19 digits 6011000990139424123');
    expect(maskPans('19 digits 4000000000000000006')).toBe('19 digits 400000******0006');
    expect(maskPans('order 1234567890123456')).toBe('order 1234567890123456');
    expect(maskPans('20 digits 41111111111111111111')).toBe('20 digits 41111111111111111111');
  });

  it('masks numbers written with spaces or dashes', () => {
    expect(maskPans('4111 1111 1111 1111')).toBe('411111******1111');
    expect(maskPans('5555-5555-5555-4444.')).toBe('555555******4444.');
  });

  it('finds a PAN run together with neighbouring numbers', () => {
    expect(maskPans('qty 12 4111 1111 1111 1111 at 2024')).toBe('qty 12 411111******1111 at 2024');
  });

  it('finds a PAN glued to letters or inside JSON text', () => {
    expect(maskPans('x4111111111111111y')).toBe('x411111******1111y');
    expect(maskPans('{"pan":"4111111111111111"}')).toBe('{"pan":"411111******1111"}');
  });

  it('returns short strings untouched', () => {
    const text = 'short 12345';
    expect(maskPans(text)).toBe(text);
  });
});
