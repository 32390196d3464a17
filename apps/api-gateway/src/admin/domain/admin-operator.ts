import { createHash } from 'node:crypto';
import { randomToken } from '@opp/crypto';

/** What an admin token may do (ADR 0061): `read` answers GET only, `write` everything. */
export const OPERATOR_SCOPES = ['read', 'write'] as const;
export type OperatorScope = (typeof OPERATOR_SCOPES)[number];

/** A named operator token as the admin API shows it; the token itself is never stored. */
export interface AdminOperator {
  name: string;
  scope: OperatorScope;
  createdBy: string;
  createdAt: Date;
  revokedAt: Date | null;
}

/** Who made an admin call, as the audit log names them, and what their token allows. */
export interface AdminIdentity {
  actor: string;
  scope: OperatorScope;
}

/** The audit actor of ADMIN_TOKEN, the bootstrap token of every deployment (ADR 0002, ADR 0061). */
export const BOOTSTRAP_ACTOR = 'bootstrap';
/** The audit actor of a call whose token was missing, wrong or revoked. */
export const UNAUTHENTICATED_ACTOR = 'unauthenticated';
/** Actors the audit log gives a fixed meaning, so no operator token may carry their name. */
export const RESERVED_OPERATOR_NAMES: readonly string[] = [BOOTSTRAP_ACTOR, UNAUTHENTICATED_ACTOR];
export const OPERATOR_NAME = /^[a-z0-9][a-z0-9._@+-]{0,99}$/;

const TOKEN_PREFIX = 'opt_';

/** 256 random bits: a token that cannot be guessed, so its SHA-256 needs no salt or slow hash. */
export function newOperatorToken(): string {
  return `${TOKEN_PREFIX}${randomToken(32)}`;
}

/** What the table keeps of a token, and what a presented token is looked up by. */
export function operatorTokenDigest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A read token may only look: the methods that change nothing. */
export function scopeAllows(scope: OperatorScope, method: string): boolean {
  return scope === 'write' || method === 'GET' || method === 'HEAD';
}
