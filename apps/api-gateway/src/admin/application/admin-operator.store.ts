import type { AdminOperator, OperatorScope } from '../domain/admin-operator';

/** The operator tokens (table admin_operators): kept by the SHA-256 of each token. */
export abstract class AdminOperatorStore {
  /** Null when an active token of that name exists already. */
  abstract add(
    operator: { name: string; scope: OperatorScope; createdBy: string },
    tokenDigest: Buffer,
  ): Promise<AdminOperator | null>;
  abstract list(): Promise<AdminOperator[]>;
  /** The active operator whose token has this digest. */
  abstract activeByDigest(
    tokenDigest: Buffer,
  ): Promise<(AdminOperator & { digest: Buffer }) | null>;
  /** Revokes the active token of that name; null when there is none. */
  abstract revoke(name: string): Promise<AdminOperator | null>;
}
