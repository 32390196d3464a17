import {
  decimalToMinorHalfUp,
  multiplyToDecimalText,
  percentOfHalfUp,
} from '../../shared/decimal-math';
import { feeFor } from './fee';

describe('fee', () => {
  it('is feePercent of the gross rounded half-up, plus feeFixed', () => {
    expect(feeFor(1000n, 2, { feePercent: '2.5', feeFixed: '0.30' })).toBe(55n);
  });

  it('rounds half-up at exactly half a minor unit, down below it', () => {
    expect(percentOfHalfUp(50n, '1')).toBe(1n); // 0.5 -> 1
    expect(percentOfHalfUp(49n, '1')).toBe(0n); // 0.49 -> 0
    expect(percentOfHalfUp(150n, '1')).toBe(2n); // 1.5 -> 2
    expect(percentOfHalfUp(1999n, '2.9')).toBe(58n); // 57.971 -> 58
  });

  it('is zero for zero settings', () => {
    expect(feeFor(123456n, 2, { feePercent: '0', feeFixed: '0' })).toBe(0n);
  });

  it('takes feeFixed in the charge currency, rounding what it cannot hold', () => {
    expect(decimalToMinorHalfUp('0.30', 2)).toBe(30n);
    expect(decimalToMinorHalfUp('0.305', 2)).toBe(31n);
    expect(decimalToMinorHalfUp('0.5', 0)).toBe(1n);
    expect(decimalToMinorHalfUp('1.5', 3)).toBe(1500n);
    expect(feeFor(1000n, 0, { feePercent: '1.5', feeFixed: '0.4' })).toBe(15n);
  });

  it('handles fee percents with six decimals exactly', () => {
    expect(percentOfHalfUp(100000000n, '0.000001')).toBe(1n);
  });

  it('computes the virtual currency amount with 2 decimals, half-up', () => {
    expect(multiplyToDecimalText(1050n, 2, '1', 2)).toBe('10.50');
    expect(multiplyToDecimalText(1050n, 2, '100', 2)).toBe('1050.00');
    expect(multiplyToDecimalText(1n, 2, '0.5', 2)).toBe('0.01');
    expect(multiplyToDecimalText(500n, 0, '0.333333', 2)).toBe('166.67');
    expect(multiplyToDecimalText(0n, 2, '3', 2)).toBe('0.00');
  });
});
