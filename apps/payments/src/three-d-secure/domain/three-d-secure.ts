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
