import { ErrorCode } from '@opp/errors';
import { assertUsable, temporaryTokenExpiry, type CardTokenState } from './card-token';

const now = new Date('2030-01-01T12:00:00Z');
const codeOf = (token: CardTokenState): number | undefined => {
  try {
    assertUsable(token, now);
    return undefined;
  } catch (error) {
    return (error as { code: number }).code;
  }
};

describe('card token lifecycle', () => {
  const fresh: CardTokenState = {
    kind: 'temporary',
    expiresAt: temporaryTokenExpiry(now, 600),
    usedAt: null,
  };

  it('lives ten minutes from its creation', () => {
    expect(fresh.expiresAt?.toISOString()).toBe('2030-01-01T12:10:00.000Z');
  });

  it('lets a fresh temporary token be used', () => {
    expect(codeOf(fresh)).toBeUndefined();
  });

  it('refuses a used temporary token with 40305', () => {
    expect(codeOf({ ...fresh, usedAt: now })).toBe(ErrorCode.CardTokenAlreadyUsed);
  });

  it('refuses an expired temporary token with 40304, at the very second too', () => {
    expect(codeOf({ ...fresh, expiresAt: new Date(now.getTime() - 1) })).toBe(
      ErrorCode.CardTokenExpired,
    );
    expect(codeOf({ ...fresh, expiresAt: now })).toBe(ErrorCode.CardTokenExpired);
  });

  it('says used rather than expired for a token both used and expired', () => {
    expect(codeOf({ ...fresh, usedAt: now, expiresAt: new Date(0) })).toBe(
      ErrorCode.CardTokenAlreadyUsed,
    );
  });

  it('lets a permanent token be used again and again', () => {
    expect(codeOf({ kind: 'permanent', expiresAt: null, usedAt: null })).toBeUndefined();
  });
});
