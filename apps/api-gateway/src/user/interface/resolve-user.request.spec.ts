import { toResolveUserCommand } from './resolve-user.request';
import { apiErrorCodeOf } from '../../../test/support/api-error-code';

const read = (params: Record<string, unknown>) =>
  toResolveUserCommand(1, { identifier: 'u-1', ip: '10.0.0.1', ...params });

describe('toResolveUserCommand: ip and email (ADR 0016)', () => {
  it.each(['10.0.0.1', '::1', '2001:db8::8a2e:370:7334'])('accepts the address %s', (ip) => {
    expect(read({ ip }).ip).toBe(ip);
  });

  it.each(['not-an-ip', '999.1.1.1', '10.0.0.1; DROP', 'localhost'])('refuses ip %j', (ip) => {
    expect(apiErrorCodeOf(() => read({ ip }))).toBe(40017);
  });

  it('still answers 40011 for a missing ip', () => {
    expect(apiErrorCodeOf(() => read({ ip: '' }))).toBe(40011);
  });

  it('accepts an e-mail address and refuses other text', () => {
    expect(read({ email: 'a.b@example.com' }).email).toBe('a.b@example.com');
    for (const email of ['plain', 'a@b', 'a b@example.com', '@example.com']) {
      expect(apiErrorCodeOf(() => read({ email }))).toBe(40017);
    }
  });
});
