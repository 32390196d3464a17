import { fingerprintOf, reuseOf } from './request-id-reuse';

describe('reuseOf (ADR 0017)', () => {
  const first = { globalId: 'g-1', bodyFingerprint: 'a'.repeat(64) };

  it('reads the same body as a repeat of the first request', () => {
    expect(reuseOf(first, 'a'.repeat(64))).toEqual({ kind: 'repeat', globalId: 'g-1' });
  });

  it('reads another body as a conflict', () => {
    expect(reuseOf(first, 'b'.repeat(64))).toEqual({ kind: 'conflict', globalId: 'g-1' });
  });

  it('fingerprints a request by its JSON text', () => {
    expect(fingerprintOf({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf({ a: 1 })).toBe(fingerprintOf({ a: 1 }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
  });
});
