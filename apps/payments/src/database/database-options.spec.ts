import { parse } from 'pg-connection-string';
import { serviceDatabaseUrl } from './database-options';

describe('serviceDatabaseUrl: TRACE_RECORDING for the status-history trigger (ADR 0066)', () => {
  const url = 'postgres://payments:pw@db.internal:5432/opp_payments?sslmode=require';

  it('leaves the URL as it is while the recording is on', () => {
    expect(serviceDatabaseUrl(url, 'on')).toBe(url);
  });

  it('gives every connection opp.trace_recording=off, as node-postgres reads the URL', () => {
    const parsed = parse(serviceDatabaseUrl(url, 'off'));
    expect(parsed).toMatchObject({
      user: 'payments',
      password: 'pw',
      host: 'db.internal',
      database: 'opp_payments',
      options: '-c opp.trace_recording=off',
    });
  });

  it('keeps connection options the URL already has', () => {
    const withOptions = `${url}&options=${encodeURIComponent('-c statement_timeout=5000')}`;
    expect(parse(serviceDatabaseUrl(withOptions, 'off')).options).toBe(
      '-c statement_timeout=5000 -c opp.trace_recording=off',
    );
  });
});
