import type { PayoutOutcome } from '@opp/contracts';

export type PayoutOrderStatus = 'processing' | PayoutOutcome;

/** What the sandbox rail answers for an account (ADR 0011), by the account's last digits. */
export function sandboxRailOutcome(accountDisplay: string): PayoutOutcome {
  if (accountDisplay.endsWith('0002')) return 'failed';
  if (accountDisplay.endsWith('0003')) return 'cancelled';
  return 'completed';
}

const REASONS: Record<PayoutOutcome, string | null> = {
  completed: null,
  failed: 'payout declined by the receiving institution',
  cancelled: 'payout cancelled by the receiving institution',
};

export interface PayoutOrderState {
  id: number;
  projectId: number;
  typeKey: string;
  amountMinor: bigint;
  currency: string;
  accountDisplay: string;
  status: PayoutOrderStatus;
  settleAt: Date;
  settledAt: Date | null;
}

export class PayoutOrderAlreadySettledError extends Error {
  override readonly name = 'PayoutOrderAlreadySettledError';
}

/**
 * A payout order on the payouts side: its funds are already reserved in payments' ledger when it
 * is created (ADR 0060), so the only transition left is the rail's final word, taken once.
 */
export class PayoutOrder {
  private constructor(private state: PayoutOrderState) {}

  static accept(
    reserved: Omit<PayoutOrderState, 'status' | 'settleAt' | 'settledAt'>,
    settleAt: Date,
  ): PayoutOrder {
    return new PayoutOrder({ ...reserved, status: 'processing', settleAt, settledAt: null });
  }

  static restore(state: PayoutOrderState): PayoutOrder {
    return new PayoutOrder({ ...state });
  }

  get snapshot(): Readonly<PayoutOrderState> {
    return this.state;
  }

  /**
   * A reservation that came after its flow's deadline (ADR 0060): the order never reaches the
   * rail, it is cancelled at once so that payments releases the funds.
   */
  cancelUnaccepted(at: Date): { outcome: PayoutOutcome; reason: string } {
    this.settle('cancelled', at);
    return { outcome: 'cancelled', reason: 'payout not accepted before its deadline' };
  }

  /** The rail settled the payout: completed, failed or cancelled, exactly once. */
  settle(outcome: PayoutOutcome, at: Date): { outcome: PayoutOutcome; reason: string | null } {
    if (this.state.status !== 'processing') {
      throw new PayoutOrderAlreadySettledError(`payout ${this.state.id} is ${this.state.status}`);
    }
    this.state = { ...this.state, status: outcome, settledAt: at };
    return { outcome, reason: REASONS[outcome] };
  }
}
