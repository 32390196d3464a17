import type { DeliverySettings } from './delivery-settings';
import { DestinationBreakers } from './destination-breakers';

const settings = {
  breaker: { failureThreshold: 2, baseCoolDownMs: 1_000, maxCoolDownMs: 4_000, probeWaitMs: 500 },
} as DeliverySettings;
const at = (ms: number) => new Date(ms);
const refused = { ok: false as const, httpStatus: null, error: 'ECONNREFUSED', unreachable: true };
const DEST = 'http://m.example:8080';

describe('DestinationBreakers', () => {
  it('opens a destination on connection failures only, not on HTTP errors or refusals of the guard', () => {
    const breakers = new DestinationBreakers(settings);
    breakers.record(DEST, { ok: false, httpStatus: 500, error: 'HTTP 500' }, at(0));
    breakers.record(
      DEST,
      { ok: false, httpStatus: null, error: 'refused', permanent: true },
      at(0),
    );
    expect(breakers.record(DEST, refused, at(0))).toBeNull();
    expect(breakers.record(DEST, refused, at(0))).toEqual({ openedUntil: at(1_000) });
    expect(breakers.admit(DEST, at(10))).toEqual({ send: false, until: at(1_000) });
    expect(breakers.heldUntil(DEST, at(10))).toEqual(at(1_000));
    expect(breakers.admit('http://other.example', at(10))).toEqual({ send: true });
  });

  it('closes on any HTTP answer, even an error status', () => {
    const breakers = new DestinationBreakers(settings);
    breakers.record(DEST, refused, at(0));
    breakers.record(DEST, refused, at(0));
    breakers.admit(DEST, at(1_000)); // the probe
    breakers.record(DEST, { ok: false, httpStatus: 503, error: 'HTTP 503' }, at(1_000));
    expect(breakers.heldUntil(DEST, at(1_001))).toBeNull();
    expect(breakers.admit(DEST, at(1_001))).toEqual({ send: true });
  });

  it('has no breaker for e-mail (no destination)', () => {
    const breakers = new DestinationBreakers(settings);
    expect(breakers.record(null, refused)).toBeNull();
    expect(breakers.admit(null)).toEqual({ send: true });
    expect(breakers.heldUntil(null)).toBeNull();
  });
});
