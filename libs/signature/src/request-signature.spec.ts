import { signParams, signValues, verifyParams } from './request-signature';

const VECTOR = '54d72211dc40f096b27f5bc3895d2a62a0ff7a21bdbc0fe7c62f5d2dfb1a0b6a';

describe('signValues', () => {
  it('matches the test vector of decisions.md D3', () => {
    expect(signValues(['111', 'value1', 'value2'], '222')).toBe(VECTOR);
  });

  it('is independent of the order the values come in', () => {
    expect(signValues(['value2', '111', 'value1'], '222')).toBe(VECTOR);
  });

  it('sorts by code units, case-sensitive (uppercase before lowercase)', () => {
    expect(signValues(['b', 'B', 'a', 'A'], 'k')).toBe(signValues(['A', 'B', 'a', 'b'], 'k'));
    expect(signValues(['b', 'a'], 'k')).not.toBe(signValues(['a', 'B'], 'k'));
  });

  it('does not sort the caller array in place', () => {
    const values = ['b', 'a'];
    signValues(values, 'k');
    expect(values).toEqual(['b', 'a']);
  });

  it('produces 64 lowercase hex characters', () => {
    expect(signValues([], 'k')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('signParams', () => {
  it('signs the parameter values, ignoring the signature parameter', () => {
    const params = { project: 'value1', amount: 111, order_id: 'value2', signature: 'old' };
    expect(signParams(params, '222')).toBe(VECTOR);
  });
});

describe('verifyParams', () => {
  const params = { project: 'value1', amount: '111', order_id: 'value2' };

  it('accepts the right signature', () => {
    expect(verifyParams(params, VECTOR, ['222'])).toBe(true);
  });

  it('accepts the signature of any key of a rotation grace period', () => {
    expect(verifyParams(params, VECTOR, ['new-key', '222'])).toBe(true);
    expect(verifyParams(params, VECTOR, ['222', 'new-key'])).toBe(true);
  });

  it('refuses a signature made with another key or over other values', () => {
    expect(verifyParams(params, VECTOR, ['other'])).toBe(false);
    expect(verifyParams({ ...params, amount: '112' }, VECTOR, ['222'])).toBe(false);
  });

  it('refuses when there are no keys', () => {
    expect(verifyParams(params, VECTOR, [])).toBe(false);
  });

  it.each([
    ['a shorter string', VECTOR.slice(0, 63)],
    ['a longer string', `${VECTOR}0`],
    ['non-hex characters', `${VECTOR.slice(0, 63)}z`],
    ['uppercase hex', VECTOR.toUpperCase()],
    ['an empty string', ''],
    ['a number', 12345],
    ['an array', [VECTOR]],
    ['undefined', undefined],
    ['null', null],
  ])('refuses %s without throwing', (_label, signature) => {
    expect(verifyParams(params, signature, ['222'])).toBe(false);
  });
});
