import type { RequestTraceFacts } from '../../trace/application/request-facts';

/** An answer as it was sent: the HTTP status and the exact body text (ADR 0014). */
export interface StoredAnswer {
  status: number;
  body: string;
  /** What the money trace shows of the request (ADR 0066), stored in the same statement. */
  trace?: RequestTraceFacts;
}

export interface SignedRequestRow {
  paramsHash: string;
  answer: StoredAnswer | null;
}

export interface ClaimKey {
  projectId: number;
  signature: string;
}

/** Port (ADR 0031): where accepted signatures, their claims and their answers are kept (ADR 0003, ADR 0059). */
export abstract class SignedRequestStore {
  /**
   * Inserts the claim, or takes over a row that is past the replay window, or an unanswered claim
   * of the same parameters whose owner has held it longer than `leaseSeconds` (a crashed gateway).
   * True when `claimToken` now owns the row.
   */
  abstract claim(
    key: ClaimKey,
    paramsHash: string,
    claimToken: string,
    leaseSeconds: number,
  ): Promise<boolean>;

  abstract find(key: ClaimKey): Promise<SignedRequestRow | null>;

  /** Keeps the answer on the row the claim still owns; durable once the promise resolves. */
  abstract storeAnswer(key: ClaimKey, claimToken: string, answer: StoredAnswer): Promise<void>;

  /** Counts one replayed answer of the row, for the money trace (ADR 0066). */
  abstract noteReplay(key: ClaimKey): Promise<void>;

  /** Ends the lease of a claim that got no answer (ADR 0059); the row stays bound to its parameters. */
  abstract giveUp(key: ClaimKey, claimToken: string): Promise<void>;
}
