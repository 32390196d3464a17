import { releaseTimeOf, reserveShareOf } from './rolling-reserve';

describe('rolling reserve share (ADR 0027)', () => {
  const settings = (percent: string, days = 30) => ({
    rollingReservePercent: percent,
    rollingReserveDays: days,
  });

  it('holds the percent of the gross, rounded half up', () => {
    expect(reserveShareOf({ priceMinor: 1000n, feeMinor: 0n }, settings('10'))).toBe(100n);
    expect(reserveShareOf({ priceMinor: 1005n, feeMinor: 0n }, settings('10'))).toBe(101n);
    expect(reserveShareOf({ priceMinor: 999n, feeMinor: 0n }, settings('2.5'))).toBe(25n);
  });

  it('holds nothing for 0 percent or 0 days', () => {
    expect(reserveShareOf({ priceMinor: 1000n, feeMinor: 0n }, settings('0'))).toBe(0n);
    expect(reserveShareOf({ priceMinor: 1000n, feeMinor: 0n }, settings('10', 0))).toBe(0n);
  });

  it('never holds more than the net of the payment', () => {
    expect(reserveShareOf({ priceMinor: 1000n, feeMinor: 950n }, settings('10'))).toBe(50n);
    expect(reserveShareOf({ priceMinor: 10n, feeMinor: 30n }, settings('50'))).toBe(0n);
  });

  it('releases after the given number of days of the configured length', () => {
    const heldAt = new Date('2026-01-01T00:00:00Z');
    expect(releaseTimeOf(heldAt, 30, 86400).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(releaseTimeOf(heldAt, 2, 3).toISOString()).toBe('2026-01-01T00:00:06.000Z');
  });
});
