import { HostedPageKeyRing } from '@opp/crypto';
import { CheckoutPageTokens } from './checkout-page-tokens';

const ring = (byte: number, kid = 'h1') =>
  new HostedPageKeyRing(`${kid}:${Buffer.alloc(32, byte).toString('base64')}`);

describe('checkout page tokens (issue 37 L5)', () => {
  const tokens = new CheckoutPageTokens(ring(1));

  it('accepts the token issued for the same transaction only', () => {
    const token = tokens.issue(41);
    expect(tokens.isFor(token, 41)).toBe(true);
    expect(tokens.isFor(token, 42)).toBe(false);
  });

  it('refuses a token made with another key, a tampered one and garbage', () => {
    expect(tokens.isFor(new CheckoutPageTokens(ring(2)).issue(41), 41)).toBe(false);
    const token = tokens.issue(41);
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    expect(tokens.isFor(tampered, 41)).toBe(false);
    for (const garbage of ['', '41', 'v1.h1.x.y.z', 'v1.h9.AAAA.AAAA.AAAA']) {
      expect(tokens.isFor(garbage, 41)).toBe(false);
    }
  });

  it('is unguessable: two pages of one transaction carry different tokens', () => {
    expect(tokens.issue(41)).not.toBe(tokens.issue(41));
  });
});
