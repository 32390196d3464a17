import { DEFAULT_PROJECT_SETTINGS } from './project';
import { tokenRateLimits } from './token-rate-limits';

describe('tokenRateLimits (ADR 0015)', () => {
  const live = { ...DEFAULT_PROJECT_SETTINGS, sandbox: false };

  it('defaults a live project to 120 per IP and 6000 per project', () => {
    expect(tokenRateLimits(live)).toEqual({ perIp: 120, perProject: 6000 });
  });

  it('gives a sandbox project ten times the defaults', () => {
    expect(tokenRateLimits({ ...live, sandbox: true })).toEqual({ perIp: 1200, perProject: 60000 });
  });

  it('takes explicit settings as they are, sandbox or not', () => {
    const set = { tokenRateLimitPerIp: 3, tokenRateLimitPerProject: 5 };
    expect(tokenRateLimits({ ...live, ...set })).toEqual({ perIp: 3, perProject: 5 });
    expect(tokenRateLimits({ ...live, sandbox: true, ...set })).toEqual({
      perIp: 3,
      perProject: 5,
    });
  });

  it('reads a row stored before the settings existed as the defaults', () => {
    const { tokenRateLimitPerIp: _ip, tokenRateLimitPerProject: _project, ...old } = live;
    expect(tokenRateLimits(old as typeof live)).toEqual({ perIp: 120, perProject: 6000 });
  });
});
