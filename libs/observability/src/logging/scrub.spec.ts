import { scrubRecord, scrubString } from './scrub';
import { isSensitiveKey, REDACTED } from './sensitive-keys';

describe('scrubbing card data sent as PHP-style form names', () => {
  it('redacts bracketed and URL-encoded names in a logged URL', () => {
    expect(scrubString('/v1/nowhere?card[number]=4242424242424242&card[cvc]=987')).toBe(
      `/v1/nowhere?card[number]=${REDACTED}&card[cvc]=${REDACTED}`,
    );
    expect(scrubString('/v1/x?card%5Bsecurity_code%5D=987&a=1')).toBe(
      `/v1/x?card%5Bsecurity_code%5D=${REDACTED}&a=1`,
    );
  });

  it('judges a bracketed key by its last segment', () => {
    expect(isSensitiveKey('card[cvc]')).toBe(true);
    expect(isSensitiveKey('card[security_code]')).toBe(true);
    expect(isSensitiveKey('card[holder]')).toBe(false);
    expect(scrubRecord({ 'card[cvc]': '987', 'card[holder]': 'Ann' })).toEqual({
      'card[cvc]': REDACTED,
      'card[holder]': 'Ann',
    });
  });
});
