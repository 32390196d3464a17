import { parse } from 'pg-connection-string';
import { withConnectionSettings } from './connection-settings';

describe('withConnectionSettings', () => {
  const url = 'postgres://svc:pw@db.internal:5432/opp_svc?sslmode=require';

  it('gives every connection the settings, as node-postgres reads the URL', () => {
    expect(parse(withConnectionSettings(url, { a: '1', 'opp.b': 'off' }))).toMatchObject({
      user: 'svc',
      password: 'pw',
      host: 'db.internal',
      database: 'opp_svc',
      options: '-c a=1 -c opp.b=off',
    });
  });

  it('keeps connection options the URL already has, before its own', () => {
    const withOptions = `${url}&options=${encodeURIComponent('-c statement_timeout=5000')}`;
    expect(parse(withConnectionSettings(withOptions, { a: '1' })).options).toBe(
      '-c statement_timeout=5000 -c a=1',
    );
  });
});
