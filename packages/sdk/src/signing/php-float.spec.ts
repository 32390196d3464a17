import { phpFloatString } from './php-float';

describe('phpFloatString (PHP (string) cast of a float, precision 14)', () => {
  it.each([
    [3.3000000000000003, '3.3'],
    [10.0, '10'],
    [0.1 + 0.2, '0.3'],
    [-0.1 - 0.2, '-0.3'],
    [-1.5, '-1.5'],
    [-42, '-42'],
    [10.5, '10.5'],
    [1 / 3, '0.33333333333333'],
    [2 / 3, '0.66666666666667'],
    [100000, '100000'],
    [99999999999999, '99999999999999'],
    [123456789012345.67, '1.2345678901235E+14'],
    [1e14, '1.0E+14'],
    [1e15, '1.0E+15'],
    [1e25, '1.0E+25'],
    [-1e25, '-1.0E+25'],
    [1.5e300, '1.5E+300'],
    [0.0001, '0.0001'],
    [0.00012345, '0.00012345'],
    [0.00001, '1.0E-5'],
    [1.5e-7, '1.5E-7'],
    [0.1, '0.1'],
    [Number.MAX_VALUE, '1.7976931348623E+308'],
    [Number.MIN_VALUE, '4.9406564584125E-324'],
    [0, '0'],
    [-0, '-0'],
    [Number.NaN, 'NAN'],
    [Number.POSITIVE_INFINITY, 'INF'],
    [Number.NEGATIVE_INFINITY, '-INF'],
  ])('renders %p as %p', (value, text) => {
    expect(phpFloatString(value)).toBe(text);
  });

  it('rounds 99999999999999.98 up into one more digit', () => {
    expect(phpFloatString(1e14 - 0.01)).toBe('1.0E+14');
    expect(phpFloatString(9.99999999999999)).toBe('10');
  });

  it('rounds an exact tie to the even digit, as PHP dtoa does (not half up like toPrecision)', () => {
    // Both are exact doubles whose 15th significant digit is a 5 with nothing after it.
    expect(phpFloatString(123456789012345)).toBe('1.2345678901234E+14');
    expect(phpFloatString(123456789012335)).toBe('1.2345678901234E+14');
    expect((123456789012345).toPrecision(14)).toBe('1.2345678901235e+14');
  });
});
