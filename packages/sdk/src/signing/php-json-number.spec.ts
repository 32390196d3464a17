import { phpJsonNumberText } from './php-json-number';

describe('phpJsonNumberText', () => {
  it.each([
    ['3.3000000000000003', '3.3'],
    ['10.0', '10'],
    ['10', '10'],
    ['-0', '0'],
    ['1e2', '100'],
    ['0.1', '0.1'],
    ['1.005', '1.005'],
    // Integers PHP keeps as int: exact digits, even where a double would round them.
    ['9007199254740993', '9007199254740993'],
    ['9223372036854775807', '9223372036854775807'],
    ['-9223372036854775808', '-9223372036854775808'],
    // Past 64 bits json_decode gives a float.
    ['9223372036854775808', '9.2233720368548E+18'],
    // A float literal stays a float, whatever its value.
    ['1000000000000000.0', '1.0E+15'],
    ['1e400', 'INF'],
  ])('renders the literal %s as %s', (literal, text) => {
    expect(phpJsonNumberText(literal)).toBe(text);
  });
});
