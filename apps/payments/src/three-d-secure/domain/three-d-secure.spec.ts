import { challengeResultOf } from './three-d-secure';

describe('3-D Secure', () => {
  it('passes only a Y for this very MD', () => {
    expect(challengeResultOf(JSON.stringify({ md: 'm1', status: 'Y' }), 'm1')).toBe('passed');
    expect(challengeResultOf(JSON.stringify({ md: 'm1', status: 'N' }), 'm1')).toBe('failed');
    expect(challengeResultOf(JSON.stringify({ md: 'm2', status: 'Y' }), 'm1')).toBe('failed');
    expect(challengeResultOf('not json', 'm1')).toBe('failed');
    expect(challengeResultOf(null, 'm1')).toBe('failed');
  });
});
