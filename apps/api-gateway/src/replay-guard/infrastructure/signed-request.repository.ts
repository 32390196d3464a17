import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Coalescer } from '@opp/scheduling';
import {
  SignedRequestStore,
  type ClaimKey,
  type SignedRequestRow,
  type StoredAnswer,
} from '../application/signed-request.store';

export type { ClaimKey, SignedRequestRow, StoredAnswer };

/** How long an accepted signature is remembered (ADR 0003). */
export const REPLAY_WINDOW_HOURS = 24;

interface Claim {
  key: ClaimKey;
  paramsHash: string;
  claimToken: string;
  leaseSeconds: number;
}

interface Answered {
  key: ClaimKey;
  claimToken: string;
  answer: StoredAnswer;
}

/**
 * The claims of several requests (one lease), each inserted or taking over a row as `claim` says;
 * answers the claim tokens that own their row now.
 */
const CLAIM = `INSERT INTO signed_requests AS s (project_id, signature, params_hash, claim_token)
  SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::uuid[])
  ON CONFLICT (project_id, signature) DO UPDATE
    SET params_hash = EXCLUDED.params_hash, claim_token = EXCLUDED.claim_token,
        claimed_at = now(), created_at = now(), status_code = NULL, response_body = NULL
    WHERE s.created_at < now() - make_interval(hours => ${REPLAY_WINDOW_HOURS})
       OR (s.status_code IS NULL AND s.params_hash = EXCLUDED.params_hash
           AND s.claimed_at < now() - make_interval(secs => $5))
  RETURNING claim_token`;

/**
 * One statement per lease among the claims. A signature claimed twice in one group is decided by
 * its first claim: the second, had it come next, would find that fresh, unanswered claim and not
 * take it over (and one statement may not touch a row twice). Rows go in key order, so two
 * replicas' statements that share signatures wait for each other instead of deadlocking.
 */
async function claimAll(dataSource: DataSource, claims: Claim[]): Promise<boolean[]> {
  const won = new Set<string>();
  const leases = new Map<number, Claim[]>();
  const seen = new Set<string>();
  // A stable sort: claims of one signature keep their order, so the first is still first.
  const inKeyOrder = [...claims].sort(
    (a, b) =>
      a.key.projectId - b.key.projectId ||
      (a.key.signature < b.key.signature ? -1 : a.key.signature > b.key.signature ? 1 : 0),
  );
  for (const claim of inKeyOrder) {
    const id = `${claim.key.projectId}:${claim.key.signature}`;
    if (seen.has(id)) continue;
    seen.add(id);
    leases.set(claim.leaseSeconds, [...(leases.get(claim.leaseSeconds) ?? []), claim]);
  }
  for (const [leaseSeconds, group] of leases) {
    const rows: { claim_token: string }[] = await dataSource.query(CLAIM, [
      group.map((c) => c.key.projectId),
      group.map((c) => c.key.signature),
      group.map((c) => c.paramsHash),
      group.map((c) => c.claimToken),
      leaseSeconds,
    ]);
    for (const row of rows) won.add(row.claim_token);
  }
  return claims.map((claim) => won.has(claim.claimToken));
}

/** The answers of several requests, each on the row its claim still owns. */
const STORE_ANSWERS = `UPDATE signed_requests AS s
  SET status_code = a.status_code, response_body = a.response_body, method = a.method,
      path = a.path, params_masked = a.params_masked, latency_ms = a.latency_ms,
      transaction_id = a.transaction_id, named_transaction_id = a.named_transaction_id,
      order_id = a.order_id, correlation_id = a.correlation_id
  FROM unnest($1::int[], $2::text[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[],
              $8::jsonb[], $9::int[], $10::bigint[], $11::bigint[], $12::text[], $13::text[])
    AS a(project_id, signature, claim_token, status_code, response_body, method, path,
         params_masked, latency_ms, transaction_id, named_transaction_id, order_id, correlation_id)
  WHERE s.project_id = a.project_id AND s.signature = a.signature
    AND s.claim_token = a.claim_token`;

/** The answers of several requests in one statement, each on the row its claim still owns. */
async function storeAnswers(dataSource: DataSource, answered: Answered[]): Promise<void> {
  const column = <T>(read: (a: Answered) => T): T[] => answered.map(read);
  await dataSource.query(STORE_ANSWERS, [
    column((a) => a.key.projectId),
    column((a) => a.key.signature),
    column((a) => a.claimToken),
    column((a) => a.answer.status),
    column((a) => a.answer.body),
    column((a) => a.answer.trace?.method ?? null),
    column((a) => a.answer.trace?.path ?? null),
    column((a) => (a.answer.trace ? JSON.stringify(a.answer.trace.params) : null)),
    column((a) => a.answer.trace?.latencyMs ?? null),
    column((a) => a.answer.trace?.transactionId ?? null),
    column((a) => a.answer.trace?.namedTransactionId ?? null),
    column((a) => a.answer.trace?.orderId ?? null),
    column((a) => a.answer.trace?.correlationId ?? null),
  ]);
}

/**
 * The `signed_requests` table, in plain SQL: every step is one atomic statement, so two gateway
 * replicas racing for one signature are decided by the primary key.
 */
@Injectable()
export class SignedRequestRepository extends SignedRequestStore {
  /**
   * Claims made while another claim is in flight go together in the next statement, and so do
   * answers (ADR 0065): under load every request's claim and answer would be a round trip and a
   * commit of its own.
   */
  private readonly claims = new Coalescer<Claim, boolean>((claims) =>
    claimAll(this.dataSource, claims),
  );
  private readonly answers = new Coalescer<Answered, void>(async (answered) => {
    await storeAnswers(this.dataSource, answered);
    return answered.map(() => undefined);
  });

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /**
   * Inserts the claim, or takes over a row that is past the replay window, or an unanswered claim
   * of the same parameters whose owner has held it longer than `leaseSeconds` (a crashed gateway).
   * True when `claimToken` now owns the row.
   */
  claim(
    key: ClaimKey,
    paramsHash: string,
    claimToken: string,
    leaseSeconds: number,
  ): Promise<boolean> {
    return this.claims.add({ key, paramsHash, claimToken, leaseSeconds });
  }

  async find(key: ClaimKey): Promise<SignedRequestRow | null> {
    const rows: Array<{
      params_hash: string;
      status_code: number | null;
      response_body: string | null;
    }> = await this.dataSource.query(
      `SELECT params_hash, status_code, response_body FROM signed_requests
         WHERE project_id = $1 AND signature = $2`,
      [key.projectId, key.signature],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      paramsHash: row.params_hash,
      answer:
        row.status_code === null
          ? null
          : { status: row.status_code, body: row.response_body ?? '' },
    };
  }

  /** Keeps the answer on the row the claim still owns; durable once the promise resolves. */
  storeAnswer(key: ClaimKey, claimToken: string, answer: StoredAnswer): Promise<void> {
    return this.answers.add({ key, claimToken, answer });
  }

  /**
   * Ends the lease of a claim that got no answer (ADR 0059): the row stays, bound to its
   * parameters, and the next identical request takes it over as `claim` allows for an expired lease.
   */
  async giveUp(key: ClaimKey, claimToken: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE signed_requests SET claimed_at = '-infinity'
         WHERE project_id = $1 AND signature = $2 AND claim_token = $3 AND status_code IS NULL`,
      [key.projectId, key.signature, claimToken],
    );
  }

  /** Counts a replayed answer, for the money trace (ADR 0066); replays are rare, so unbatched. */
  async noteReplay(key: ClaimKey): Promise<void> {
    await this.dataSource.query(
      `UPDATE signed_requests SET replays = replays + 1 WHERE project_id = $1 AND signature = $2`,
      [key.projectId, key.signature],
    );
  }

  /** Deletes rows past the replay window; returns how many. */
  async purgeExpired(): Promise<number> {
    const result: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM signed_requests
       WHERE created_at < now() - make_interval(hours => ${REPLAY_WINDOW_HOURS})`,
    );
    return Array.isArray(result) ? Number(result[1] ?? 0) : 0;
  }
}
