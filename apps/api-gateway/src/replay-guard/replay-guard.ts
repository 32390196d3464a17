import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ApiError, ErrorCode } from '@opp/errors';
import { GatewayConfig } from '../config/gateway.config';
import {
  SignedRequestRepository,
  type ClaimKey,
  type StoredAnswer,
} from './infrastructure/signed-request.repository';

export type ReplayDecision =
  { kind: 'execute'; key: ClaimKey; claimToken: string } | { kind: 'replay'; answer: StoredAnswer };

/** An unanswered claim older than this is taken over by a retry: its gateway has died. */
const CLAIM_LEASE_SECONDS = 60;
const FIRST_POLL_MS = 25;
const MAX_POLL_MS = 250;

/**
 * ADR 0003: a signature accepted for a mutating call executes once. The first request claims the
 * signature and executes; the same signature with the same parameters replays the first answer,
 * waiting (bounded) while the first is still running; with other parameters it is 403 40301.
 */
@Injectable()
export class ReplayGuard {
  /** How long a retry waits for the first request's answer before it answers 503. */
  private readonly waitMs: number;

  constructor(
    private readonly repository: SignedRequestRepository,
    config: GatewayConfig,
  ) {
    // The first request may wait on two services in turn (user look-up, then the charge).
    this.waitMs = 2 * config.requestTimeoutMs + 5000;
  }

  async decide(key: ClaimKey, paramsHash: string): Promise<ReplayDecision> {
    const claimToken = randomUUID();
    const deadline = Date.now() + this.waitMs;
    let pollMs = FIRST_POLL_MS;
    for (;;) {
      if (await this.repository.claim(key, paramsHash, claimToken, CLAIM_LEASE_SECONDS)) {
        return { kind: 'execute', key, claimToken };
      }
      const row = await this.repository.find(key);
      // Gone between the two statements (released or purged): claim again at once.
      if (row === null) continue;
      if (row.paramsHash !== paramsHash) {
        throw ApiError.of(
          ErrorCode.SignatureInvalid,
          'signature already used for other parameters',
        );
      }
      if (row.answer !== null) return { kind: 'replay', answer: row.answer };
      if (Date.now() >= deadline) throw ApiError.of(ErrorCode.ServiceUnavailable);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      pollMs = Math.min(MAX_POLL_MS, pollMs * 2);
    }
  }

  /** Keeps the answer for replays. */
  async complete(decision: { key: ClaimKey; claimToken: string }, answer: StoredAnswer) {
    await this.repository.storeAnswer(decision.key, decision.claimToken, answer);
  }

  /**
   * Forgets the claim: the answer was a temporary failure (5xx: broker down, timeout), so a retry
   * with the same signature must execute again rather than replay the failure.
   */
  async release(decision: { key: ClaimKey; claimToken: string }) {
    await this.repository.release(decision.key, decision.claimToken);
  }
}
