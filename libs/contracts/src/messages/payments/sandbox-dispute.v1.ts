import { IsIn, IsInt, Min } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';

export const DISPUTE_KINDS = ['chargeback', 'retrieval'] as const;
export type DisputeKind = (typeof DISPUTE_KINDS)[number];

/**
 * The admin API's sandbox dispute operations (`POST /admin/v1/sandbox/transactions/:id/chargeback`
 * and `.../retrieval`): a chargeback of a completed payment of a sandbox project, or the retrieval
 * of its chargeback. Idempotent per payment and kind: a repeat answers the same transaction.
 */
export class SandboxDisputeV1 {
  @IsInt() @Min(1) transactionId!: number;
  @IsIn(DISPUTE_KINDS) kind!: DisputeKind;
}

/** What a dispute did: the new transaction, the payment's status after it, any penalty. */
export interface SandboxDisputeResultV1 {
  /** The `chargeback` or `retrieval` transaction. */
  id: number;
  type: DisputeKind;
  status: string;
  /** The disputed payment. */
  referenceId: number;
  paymentStatus: string;
  price: string;
  fee: string;
  currency: string;
  /** A chargeback's `penalty` transaction, when the fee rule applies one (else null). */
  penalty: { id: number; price: string } | null;
  createdAt: string;
}

export const SandboxDisputeV1Request = defineRequest<SandboxDisputeV1, SandboxDisputeResultV1>(
  'payments.sandbox-dispute.v1',
  Topics.paymentsRequests,
  SandboxDisputeV1,
);
