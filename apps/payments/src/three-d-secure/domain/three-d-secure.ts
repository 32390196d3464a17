import type { AcsV1 } from '@opp/contracts';
import type { AcsData } from '../../charge/domain/transaction';

/** ADR 0007: the hosted challenge page of the gateway, posted to with PaReq, MD and TermUrl. */
export function acsOf(gatewayUrl: string, acs: AcsData): AcsV1 {
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
