import { isFresh, TIMESTAMP_TOLERANCE_SECONDS } from './signed-request.guard';

describe('isFresh (D18, ADR 0018)', () => {
  const nowMs = 1_800_000_000_500;
  const nowSeconds = nowMs / 1000;

  it('accepts a timestamp up to 300 seconds behind or ahead of the gateway clock', () => {
    expect(TIMESTAMP_TOLERANCE_SECONDS).toBe(300);
    for (const offset of [0, -1, 1, -299.5, 299.5, -300, 300]) {
      expect([offset, isFresh(nowSeconds + offset, nowMs)]).toEqual([offset, true]);
    }
  });

  it('refuses one more than 300 seconds away, either way', () => {
    for (const offset of [-300.5, 300.5, -301, 301, -86_400, 86_400]) {
      expect([offset, isFresh(nowSeconds + offset, nowMs)]).toEqual([offset, false]);
    }
  });
});
