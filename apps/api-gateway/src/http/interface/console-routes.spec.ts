import { routeSide } from './internal-listener';
import { CONSOLE_CSP } from '../../console/console.module';

describe('operator console routes (ADR 0066)', () => {
  it.each(['/console', '/console/', '/console/*'])(
    '%s is served on the admin listener only',
    (route) => {
      expect(routeSide(route)).toBe('internal');
    },
  );

  it('leaves look-alike public routes public', () => {
    expect(routeSide('/consoles')).toBe('public');
    expect(routeSide('/v1/console')).toBe('public');
  });

  it('allows no inline code and nothing from another origin', () => {
    expect(CONSOLE_CSP).toMatch(/default-src 'self'/);
    expect(CONSOLE_CSP).not.toMatch(/unsafe|https?:|data:|\*/);
  });
});
