import { luhnValid } from '@opp/card-bins';
import { benchCardNumber } from './card-numbers';

describe('benchCardNumber', () => {
  it('makes distinct Luhn-valid numbers', () => {
    const numbers = [0, 1, 2, 123456].map(benchCardNumber);
    for (const number of numbers) expect(luhnValid(number)).toBe(true);
    expect(new Set(numbers).size).toBe(4);
    expect(numbers[0]).toHaveLength(16);
  });
});
