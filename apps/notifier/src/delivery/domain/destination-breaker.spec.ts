import { DestinationBreaker, type BreakerPolicy } from './destination-breaker';

const policy: BreakerPolicy = {
  failureThreshold: 3,
  baseCoolDownMs: 1_000,
  maxCoolDownMs: 5_000,
  probeWaitMs: 500,
};
const at = (ms: number) => new Date(ms);

function openedAt(ms: number): DestinationBreaker {
  const breaker = new DestinationBreaker(policy);
  breaker.record('unreachable', at(ms));
  breaker.record('unreachable', at(ms));
  breaker.record('unreachable', at(ms));
  return breaker;
}

describe('DestinationBreaker', () => {
  it('stays closed below the threshold, and an answer resets the count', () => {
    const breaker = new DestinationBreaker(policy);
    expect(breaker.record('unreachable', at(0))).toBeNull();
    expect(breaker.record('unreachable', at(0))).toBeNull();
    expect(breaker.record('answered', at(0))).toBeNull();
    expect(breaker.record('unreachable', at(0))).toBeNull();
    expect(breaker.record('unreachable', at(0))).toBeNull();
    expect(breaker.phase).toBe('closed');
    expect(breaker.admit(at(0))).toEqual({ send: true });
  });

  it('opens after the threshold of consecutive failures and makes deliveries wait', () => {
    const breaker = new DestinationBreaker(policy);
    breaker.record('unreachable', at(0));
    breaker.record('unreachable', at(0));
    expect(breaker.record('unreachable', at(100))).toEqual({ openedUntil: at(1_100) });
    expect(breaker.phase).toBe('open');
    expect(breaker.admit(at(500))).toEqual({ send: false, until: at(1_100) });
  });

  it('lets one probe through when the cool-down ends; the others wait for it', () => {
    const breaker = openedAt(0);
    expect(breaker.admit(at(1_000))).toEqual({ send: true });
    expect(breaker.phase).toBe('half-open');
    expect(breaker.admit(at(1_100))).toEqual({ send: false, until: at(1_500) });
  });

  it('closes when the probe gets an answer', () => {
    const breaker = openedAt(0);
    breaker.admit(at(1_000));
    expect(breaker.record('answered', at(1_050))).toBeNull();
    expect(breaker.phase).toBe('closed');
    expect(breaker.admit(at(1_060))).toEqual({ send: true });
  });

  it('re-opens at once when the probe fails, for a doubled cool-down up to the cap', () => {
    const breaker = openedAt(0);
    breaker.admit(at(1_000));
    expect(breaker.record('unreachable', at(1_000))).toEqual({ openedUntil: at(3_000) });
    breaker.admit(at(3_000));
    expect(breaker.record('unreachable', at(3_000))).toEqual({ openedUntil: at(7_000) });
    breaker.admit(at(7_000));
    expect(breaker.record('unreachable', at(7_000))).toEqual({ openedUntil: at(12_000) });
  });

  it('starts the cool-down over after it closed', () => {
    const breaker = openedAt(0);
    breaker.admit(at(1_000));
    breaker.record('unreachable', at(1_000));
    breaker.admit(at(3_000));
    breaker.record('answered', at(3_000));
    breaker.record('unreachable', at(4_000));
    breaker.record('unreachable', at(4_000));
    expect(breaker.record('unreachable', at(4_000))).toEqual({ openedUntil: at(5_000) });
  });

  it('ignores failures of attempts that started before it opened', () => {
    const breaker = openedAt(0);
    expect(breaker.record('unreachable', at(10))).toBeNull();
    expect(breaker.admit(at(999))).toEqual({ send: false, until: at(1_000) });
  });

  it('lets another probe through when the first one never reported', () => {
    const breaker = openedAt(0);
    breaker.admit(at(1_000));
    expect(breaker.admit(at(1_500))).toEqual({ send: true });
  });

  it('tells a new delivery how long to wait, without taking the probe', () => {
    const breaker = openedAt(0);
    expect(new DestinationBreaker(policy).heldUntil(at(0))).toBeNull();
    expect(breaker.heldUntil(at(500))).toEqual(at(1_000));
    expect(breaker.heldUntil(at(1_000))).toEqual(at(1_500));
    expect(breaker.admit(at(1_000))).toEqual({ send: true });
    expect(breaker.heldUntil(at(1_200))).toEqual(at(1_500));
  });
});
