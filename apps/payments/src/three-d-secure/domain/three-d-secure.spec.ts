import { acsOf, challengeResultOf } from './three-d-secure';

describe('3-D Secure', () => {
  it('points the user to the gateway challenge page with PaReq, MD and TermUrl', () => {
    expect(
      acsOf('http://127.0.0.1:3000/', { md: 'm', paReq: 'p', termUrl: 'https://shop/return' }),
    ).toEqual({
      url: 'http://127.0.0.1:3000/acs/challenge',
      parameters: { PaReq: 'p', MD: 'm', TermUrl: 'https://shop/return' },
    });
  });

  it('passes only a Y for this very MD', () => {
    expect(challengeResultOf(JSON.stringify({ md: 'm1', status: 'Y' }), 'm1')).toBe('passed');
    expect(challengeResultOf(JSON.stringify({ md: 'm1', status: 'N' }), 'm1')).toBe('failed');
    expect(challengeResultOf(JSON.stringify({ md: 'm2', status: 'Y' }), 'm1')).toBe('failed');
    expect(challengeResultOf('not json', 'm1')).toBe('failed');
    expect(challengeResultOf(null, 'm1')).toBe('failed');
  });
});
