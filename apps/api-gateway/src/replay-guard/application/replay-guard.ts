import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ApiError, ErrorCode } from '@opp/errors';
import { GatewayConfig } from '../../config/gateway.config';
import { SignedRequestStore, type ClaimKey, type StoredAnswer } from './signed-request.store';

export type ReplayDecision =
  | { kind: 'execute'; key: ClaimKey; claimToken: string }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'fresh' };

/**
 * What an identical request gets (ADR 0003, ADR 0059): a mutating call (POST) replays its
 * first answer; a read (GET) is answered afresh, the signature only bound to it.
 */
export type RepeatMode = 'replay' | 'fresh';

/** An unanswered claim older than this is taken over by a retry: its gateway has died. */
const CLAIM_LEASE_SECONDS = 60;
const FIRST_POLL_MS = 25;
const MAX_POLL_MS = 250;

/**
 * ADR 0003 and ADR 0059: every accepted signature is bound to its method, path and parameters for
 * 24 hours; the same signature on another operation or with other parameters is 403 40301 and
 * nothing is done. A mutating call executes once: the first request claims the signature and
 * executes; an identical one replays the first answer, waiting (bounded) while the first is still
 * running. A read claims the signature to bind it and is answered afresh every time.
 */
@Injectable()
export class ReplayGuard {
  /** How long a retry waits for the first request's answer before it answers 503. */
  private readonly waitMs: number;

  constructor(
    private readonly repository: SignedRequestStore,
    config: GatewayConfig,
  ) {
    // The first request may wait on two services in turn (user look-up, then the charge).
    this.waitMs = 2 * config.requestTimeoutMs + 5000;
  }

  async decide(
    key: ClaimKey,
    paramsHash: string,
    repeat: RepeatMode = 'replay',
  ): Promise<ReplayDecision> {
    const claimToken = randomUUID();
    const deadline = Date.now() + this.waitMs;
    let pollMs = FIRST_POLL_MS;
    for (;;) {
      if (await this.repository.claim(key, paramsHash, claimToken, CLAIM_LEASE_SECONDS)) {
        return repeat === 'fresh' ? { kind: 'fresh' } : { kind: 'execute', key, claimToken };
      }
      const row = await this.repository.find(key);
      // Gone between the two statements (purged): claim again at once.
      if (row === null) continue;
      if (row.paramsHash !== paramsHash) {
        throw ApiError.of(
          ErrorCode.SignatureInvalid,
          'signature already used for other parameters',
        );
      }
      if (repeat === 'fresh') return { kind: 'fresh' };
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
   * The attempt ended without an outcome (5xx: broker down, timeout; ADR 0059). The claim is not
   * forgotten: it stays bound to its parameters, unanswered, and is marked given up, so the next
   * identical request takes it over at once and sends the command again with the same command key
   * (the owning service then answers the outcome it stored, never a second effect), while a
   * request with other parameters stays refused.
   */
  async giveUp(decision: { key: ClaimKey; claimToken: string }) {
    await this.repository.giveUp(decision.key, decision.claimToken);
  }

  /** A replay was answered: the money trace says so (ADR 0066). Never fails the answer. */
  async noteReplay(key: ClaimKey): Promise<void> {
    await this.repository.noteReplay(key).catch(() => undefined);
  }
}
