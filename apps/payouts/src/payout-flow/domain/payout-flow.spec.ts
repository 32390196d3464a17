import { ErrorCode } from '@opp/errors';
import { PayoutFlow } from './payout-flow';

const deadline = new Date('2026-01-01T00:01:00Z');
const flow = () => PayoutFlow.start('f', 7, '7:sig', deadline);

describe('a payout flow (ADR 0060)', () => {
  it('is pending while reserving, then answers the payout reserved in time, once', () => {
    const f = flow();
    expect(f.outcome()).toEqual({ kind: 'pending' });
    expect(f.reserved(41)).toBe('accept');
    expect(f.outcome()).toEqual({ kind: 'accepted', payoutId: 41 });
    expect(f.reserved(41)).toBe('none');
    f.refused(40313, 'late');
    expect(f.outcome()).toEqual({ kind: 'accepted', payoutId: 41 });
  });

  it('keeps a refusal as its outcome', () => {
    const f = flow();
    f.refused(40313, 'Insufficient balance');
    expect(f.outcome()).toEqual({ kind: 'refused', code: 40313, message: 'Insufficient balance' });
    expect(f.reserved(9)).toBe('none');
  });

  it('expires only past its deadline, and compensates a reservation that comes after', () => {
    const f = flow();
    expect(f.expire(new Date('2026-01-01T00:00:59Z'))).toBe(false);
    expect(f.expire(deadline)).toBe(true);
    expect(f.outcome()).toMatchObject({ kind: 'refused', code: ErrorCode.ServiceUnavailable });
    expect(f.reserved(12)).toBe('compensate');
    expect(f.snapshot).toMatchObject({ state: 'compensated', payoutId: 12 });
    expect(f.reserved(12)).toBe('none');
    expect(f.expire(new Date('2026-01-02T00:00:00Z'))).toBe(false);
  });
});
