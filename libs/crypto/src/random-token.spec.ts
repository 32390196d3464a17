import { randomToken } from './random-token';

describe('randomToken', () => {
  it('gives 24 random bytes as URL-safe text by default', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(24);
  });

  it('honours the requested size', () => {
    expect(Buffer.from(randomToken(32), 'base64url')).toHaveLength(32);
  });

  it('does not repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => randomToken()));
    expect(tokens.size).toBe(1000);
  });
});
