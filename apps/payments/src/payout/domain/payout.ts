import type { PayoutOutcome } from '@opp/contracts';
import { Accounts } from '../../ledger/domain/accounts';
import { balancedEntry, credit, debit, type JournalEntry } from '../../ledger/domain/journal-entry';

export type PayoutStatus = 'reserved' | PayoutOutcome;

/** What a payout pays out, to whom, as its request asked: fixed once it is reserved. */
export interface PayoutTerms {
  projectId: number;
  orderId: string | null;
  typeKey: string;
  amountMinor: bigint;
  currency: string;
  accountDisplay: string;
}

export interface PayoutState extends PayoutTerms {
  id: number;
  status: PayoutStatus;
  reason: string | null;
  updatedAt: Date;
}

export class PayoutNotReservedError extends Error {
  override readonly name = 'PayoutNotReservedError';
}

/** The callback status of each final payout status (gateway-api.md callback statuses). */
export const PAYOUT_CALLBACK_STATUS = {
  completed: 'payout_completed',
  failed: 'payout_failed',
  cancelled: 'payout_cancelled',
} as const;

/**
 * A payout in the merchant's ledger (ADR 0060). Accepting it reserves its amount: the money leaves
 * the available balance for a reserve account. The rail's answer then posts it out (completed) or
 * releases it back (failed, cancelled); each transition returns the entry it causes, once.
 */
export class Payout {
  private constructor(private state: PayoutState) {}

  static restore(state: PayoutState): Payout {
    return new Payout({ ...state });
  }

  get snapshot(): Readonly<PayoutState> {
    return this.state;
  }

  /** The entry that reserves a new payout's amount (the database refuses an overdraft). */
  static reservationEntry(p: {
    id: number;
    projectId: number;
    currency: string;
    amountMinor: bigint;
  }): JournalEntry {
    return balancedEntry({
      projectId: p.projectId,
      transactionId: null,
      payoutId: p.id,
      kind: 'payout-reservation',
      lines: [
        debit(Accounts.merchantAvailable(p.projectId), p.currency, p.amountMinor),
        credit(Accounts.payoutsReserved(p.projectId), p.currency, p.amountMinor),
      ],
    });
  }

  settle(outcome: PayoutOutcome, reason: string | null, at: Date): JournalEntry {
    const { id, projectId, currency, amountMinor, status } = this.state;
    if (status !== 'reserved') throw new PayoutNotReservedError(`payout ${id} is ${status}`);
    this.state = { ...this.state, status: outcome, reason, updatedAt: at };
    const paidOut = outcome === 'completed';
    return balancedEntry({
      projectId,
      transactionId: null,
      payoutId: id,
      kind: paidOut ? 'payout' : 'payout-release',
      lines: [
        debit(Accounts.payoutsReserved(projectId), currency, amountMinor),
        credit(
          paidOut ? Accounts.payoutRailClearing : Accounts.merchantAvailable(projectId),
          currency,
          amountMinor,
        ),
      ],
    });
  }
}
