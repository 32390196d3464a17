import * as qs from 'qs';
import { QS_OPTIONS } from './http-adapter';

describe('QS_OPTIONS (PHP-style nested parameters)', () => {
  it('reads card[number] and created[from] into objects', () => {
    expect(
      qs.parse('card[number]=4242&card[holder]=A&created[from]=2026-01-01', QS_OPTIONS),
    ).toEqual({
      card: { number: '4242', holder: 'A' },
      created: { from: '2026-01-01' },
    });
  });

  it('stops nesting at a small depth and never writes prototypes', () => {
    const parsed = qs.parse('a[b][c][d][e][f]=1&__proto__[polluted]=1', QS_OPTIONS) as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(parsed).length).toBeLessThan(60);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
