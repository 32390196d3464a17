import { cardInputOf } from './card-input';

describe('cardInputOf', () => {
  it('reads the gateway form and a partner task form alike', () => {
    const expected = {
      number: '4242424242424242',
      expirationMonth: 12,
      expirationYear: 2031,
      securityCode: '737',
    };
    expect(cardInputOf(expected)).toMatchObject({ ok: true, value: expected });
    expect(
      cardInputOf({
        number: '4242424242424242',
        expiration_month: '12',
        expiration_year: 2031,
        security_code: 737,
      }),
    ).toMatchObject({ ok: true, value: expected });
  });

  it('reports bad fields without echoing their values', () => {
    const result = cardInputOf({ number: '4242424242424242', security_code: '1' });
    expect(result.ok).toBe(false);
    const problems = result.ok ? '' : result.problems.join(' ');
    expect(problems).toMatch(/expirationMonth/);
    expect(problems).toMatch(/securityCode/);
    expect(problems).not.toContain('4242424242424242');
  });

  it('refuses what is not an object', () => {
    expect(cardInputOf('4242424242424242')).toEqual({
      ok: false,
      problems: ['card must be an object'],
    });
  });
});
