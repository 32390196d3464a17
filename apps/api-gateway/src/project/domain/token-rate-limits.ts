import type { ProjectSettings } from './project';

/** ADR 0015: the defaults of a live project, per minute. */
export const DEFAULT_TOKEN_RATE_LIMITS = { perIp: 120, perProject: 6000 } as const;
/** ADR 0015: a sandbox project's defaults are ten times a live one's. */
export const SANDBOX_TOKEN_RATE_FACTOR = 10;

export interface TokenRateLimits {
  perIp: number;
  perProject: number;
}

/**
 * The card-token limits that apply to a project: what its settings say, else the default for its
 * mode. An explicit setting is taken as is, sandbox or not.
 */
export function tokenRateLimits(
  settings: Pick<ProjectSettings, 'sandbox' | 'tokenRateLimitPerIp' | 'tokenRateLimitPerProject'>,
): TokenRateLimits {
  const factor = settings.sandbox ? SANDBOX_TOKEN_RATE_FACTOR : 1;
  return {
    perIp: settings.tokenRateLimitPerIp ?? DEFAULT_TOKEN_RATE_LIMITS.perIp * factor,
    perProject: settings.tokenRateLimitPerProject ?? DEFAULT_TOKEN_RATE_LIMITS.perProject * factor,
  };
}

/** Settings only the gateway reads; they are not part of the project snapshot other services get. */
export const GATEWAY_ONLY_SETTINGS = ['tokenRateLimitPerIp', 'tokenRateLimitPerProject'] as const;
