import type { AcsData } from '../../charge/domain/transaction';

/** Where a processing task's user is sent for 3-D Secure, and what is posted there. */
export interface AcsRedirect {
  url: string;
  parameters: { PaReq: string; MD: string; TermUrl: string };
}

/**
 * ADR 0007: the hosted challenge page of the gateway, posted to with PaReq, MD and TermUrl. Only
 * task results still need it here (ADR 0032); merchant answers get it from the gateway.
 */
export function acsOf(gatewayUrl: string, acs: AcsData): AcsRedirect {
  return {
    url: `${gatewayUrl.replace(/\/+$/, '')}/acs/challenge`,
    parameters: { PaReq: acs.paReq, MD: acs.md, TermUrl: acs.termUrl },
  };
}

export type ChallengeResult = 'passed' | 'failed';

/**
 * Reads the decrypted PaRes of the gateway's ACS simulator: `{ md, status: 'Y' | 'N' }`. Anything
 * else, or a PaRes made for another charge (MD mismatch), counts as a failed authentication.
 */
export function challengeResultOf(decryptedPaRes: string | null, md: string): ChallengeResult {
  if (decryptedPaRes === null) return 'failed';
  try {
    const parsed = JSON.parse(decryptedPaRes) as { md?: unknown; status?: unknown };
    return parsed.md === md && parsed.status === 'Y' ? 'passed' : 'failed';
  } catch {
    return 'failed';
  }
}
