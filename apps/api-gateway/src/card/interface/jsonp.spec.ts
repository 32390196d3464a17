import { ApiError } from '@opp/errors';
import { isJsonpCallback, readJsonpCallback, renderJsonp } from './jsonp';

describe('JSONP callback names (D13)', () => {
  it.each(['cb', '_cb', '$', 'jQuery1113_1499', 'my.ns.cb', 'a1.$b._c', 'x'.repeat(128)])(
    'accepts %s',
    (name) => expect(isJsonpCallback(name)).toBe(true),
  );

  it.each([
    '',
    '1cb',
    'cb()',
    'cb;alert(1)',
    'a..b',
    '.a',
    'a.',
    'a b',
    'a-b',
    'a[0]',
    'alert(document.cookie)//',
    '<script>',
    'x'.repeat(129),
  ])('refuses %j', (name) => expect(isJsonpCallback(name)).toBe(false));

  it('reads an absent or empty callback as none', () => {
    expect(readJsonpCallback({})).toBeUndefined();
    expect(readJsonpCallback({ callback: '' })).toBeUndefined();
    expect(readJsonpCallback(undefined)).toBeUndefined();
  });

  it('refuses an invalid or nested callback with 400 40017', () => {
    for (const callback of ['a;b', { a: 'b' }, ['cb']]) {
      const error = catchError(() => readJsonpCallback({ callback }));
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe(40017);
    }
  });

  it('wraps the JSON in the guarded call', () => {
    expect(renderJsonp('my.cb', { id: 'x', n: 1 })).toBe(
      `/**/ typeof my.cb === 'function' && my.cb({"id":"x","n":1});`,
    );
  });

  it('escapes line and paragraph separators', () => {
    expect(renderJsonp('cb', { s: 'a\u2028b\u2029c' })).toContain('a\\u2028b\\u2029c');
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}
