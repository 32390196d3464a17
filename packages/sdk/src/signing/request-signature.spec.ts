import { signParams, signValues, verifyParams } from './request-signature';

// The test vector of the request signature: values 111, value1, value2 with key 222.
const VECTOR = '54d72211dc40f096b27f5bc3895d2a62a0ff7a21bdbc0fe7c62f5d2dfb1a0b6a';

describe('request signature', () => {
  it('matches the documented test vector, whatever order the values come in', () => {
    expect(signValues(['111', 'value1', 'value2'], '222')).toBe(VECTOR);
    expect(signValues(['value2', '111', 'value1'], '222')).toBe(VECTOR);
  });

  it('signs parameter values rendered as PHP renders them, without the signature field', () => {
    expect(signParams({ project: 'value1', price: 111, order_id: 'value2' }, '222')).toBe(VECTOR);
    expect(signParams({ a: 'value1', b: 'value2', c: 111.0, signature: 'x' }, '222')).toBe(VECTOR);
  });

  it('sorts by code units, uppercase before lowercase', () => {
    expect(signValues(['b', 'B', 'a', 'A'], 'k')).toBe(signValues(['A', 'B', 'a', 'b'], 'k'));
    expect(signValues(['b', 'a'], 'k')).not.toBe(signValues(['a', 'B'], 'k'));
  });

  it('does not sort the caller array in place', () => {
    const values = ['b', 'a'];
    signValues(values, 'k');
    expect(values).toEqual(['b', 'a']);
  });

  it('verifies in constant time and refuses any malformed candidate without throwing', () => {
    const params = { project: 'value1', amount: '111', order_id: 'value2' };
    expect(verifyParams(params, VECTOR, '222')).toBe(true);
    expect(verifyParams({ ...params, amount: '112' }, VECTOR, '222')).toBe(false);
    expect(verifyParams(params, VECTOR, 'other')).toBe(false);
    for (const bad of [
      VECTOR.slice(1),
      VECTOR.toUpperCase(),
      `${VECTOR}0`,
      '',
      1,
      null,
      [VECTOR],
    ]) {
      expect(verifyParams(params, bad, '222')).toBe(false);
    }
  });
});
