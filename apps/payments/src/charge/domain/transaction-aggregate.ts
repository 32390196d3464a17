import type { RecurringViewV1 } from '@opp/contracts';
import type { AuthorizationDecision } from '../../acquirer/domain/acquirer';
import type { JournalEntry } from '../../ledger/domain/journal-entry';
import {
  chargebackEntry,
  completedPaymentEntry,
  penaltyEntry,
  retrievalEntry,
  reversalEntry,
  rollingReserveHoldEntry,
  rollingReserveReturnEntry,
  verificationEntries,
} from '../../ledger/domain/postings';
import {
  releaseTimeOf,
  reserveShareOf,
  type RollingReserveHold,
  type RollingReserveSettings,
} from '../../rolling-reserve/domain/rolling-reserve';
import { derivedFrom } from './derived-transaction';
import { chargeBack, retrieve } from './dispute';
import { reverse } from './reversal';
import type {
  AcsData,
  DecidedTransaction,
  NewTransaction,
  TaskOrigin,
  Transaction,
  TransactionStatus,
  TransactionType,
} from './transaction';

/** The fields a status change may set along with the status. */
export type TransactionChange = Partial<
  Pick<
    Transaction,
    'status' | 'reason' | 'feeMinor' | 'permanentTokenId' | 'recurring' | 'acs' | 'settleAt'
  >
>;

/** What a transition causes besides the row change; the application turns them into messages. */
export type TransactionEvent = 'status-changed' | 'recurring-subscribed';

/** A transition's result: saved in one unit of work (ledger, reserve hold, row, outbox). */
export interface TransactionStep {
  /** The row changes only while it still has this status (a stale decision fails). */
  from: TransactionStatus;
  change: TransactionChange & { status: TransactionStatus };
  postings: JournalEntry[];
  reserveHold: RollingReserveHold | null;
  events: TransactionEvent[];
}

export interface AuthorizationContext {
  settings: RollingReserveSettings & { recurringMonths: number; recurringMinDays: number };
  now: Date;
  /** ADR 0027: how long a reserve day lasts (shorter in tests). */
  reserveDaySeconds: number;
  /** The card's permanent token, needed when the charge keeps the card (remember or recurring). */
  permanentTokenId?: string | null;
}

/** A payment's later effect (its status alone) and the movements it opens, in order. */
export interface LaterEffect<S extends TransactionStatus> {
  status: S;
  movements: NewTransaction[];
}

/** A new charge's first move, saved at once: the row in its decided status, its postings and events. */
export interface ChargeOpening {
  row: DecidedTransaction;
  postings: JournalEntry[];
  reserveHold: RollingReserveHold | null;
  events: TransactionEvent[];
}

/** A move the transaction's status does not allow. */
export class TransitionRefused extends Error {
  override readonly name = 'TransitionRefused';
}

/** ADR 0012: repeated payments are allowed for the project's number of months from the subscription. */
function recurringViewOf(settings: AuthorizationContext['settings'], now: Date): RecurringViewV1 {
  const endsAt = new Date(now);
  endsAt.setUTCMonth(endsAt.getUTCMonth() + settings.recurringMonths);
  return { frequency: settings.recurringMinDays, endsAt: endsAt.toISOString() };
}

/** Statuses a charge still waits in for its decision (the acquirer's or the cardholder's). */
const UNDECIDED: readonly TransactionStatus[] = ['opened', 'authenticating', 'processing'];

/**
 * A transaction's own status changes (ADR 0031): each transition checks the status it starts
 * from and returns the row change with the ledger postings and events it causes. Later effects on
 * a payment (reversals, disputes) are decided by `reverse` and `chargeBack`/`retrieve`.
 */
export class TransactionAggregate {
  constructor(readonly state: Transaction) {}

  /**
   * ADR 0065: a new card charge, `opened` in memory only. Its first move (`requireChallenge` or
   * `authorize`) is given to `opening`, which returns the row to insert in the decided status:
   * the row is written once, never inserted and then updated.
   */
  static draft(id: number, t: NewTransaction, now: Date): TransactionAggregate {
    return new TransactionAggregate({
      ...t,
      id,
      status: 'opened',
      originalStatus: 'opened',
      reversedMinor: 0n,
      checkout: t.checkout ?? null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** The draft after its first move: what the charge's one insert writes, with what it causes. */
  opening(first: TransactionStep): ChargeOpening {
    if (this.state.status !== 'opened' || first.from !== 'opened') {
      throw new TransitionRefused(`transaction ${this.state.id} is not a new charge`);
    }
    const { postings, reserveHold, events } = first;
    return { row: { ...this.state, ...first.change }, postings, reserveHold, events };
  }

  /** 3-D Secure (ADR 0007): an opened charge waits for the cardholder. */
  requireChallenge(acs: AcsData): TransactionStep {
    this.expect(['opened'], 'require a challenge');
    return this.step({ status: 'authenticating', acs });
  }

  isAwaitingChallenge(): boolean {
    return this.state.status === 'authenticating';
  }

  /** Whether an approval would keep the card (a permanent token for remember or recurring). */
  keepsCard(decision: AuthorizationDecision): boolean {
    const { remember, recurring } = this.state.options;
    return decision.outcome === 'approved' && (remember || recurring !== null);
  }

  /** The acquirer's decision on an undecided charge (or a wallet checkout's confirmation). */
  authorize(decision: AuthorizationDecision, context: AuthorizationContext): TransactionStep {
    switch (decision.outcome) {
      case 'declined':
        return this.fail(decision.reason);
      case 'pending':
        this.expect(UNDECIDED, 'wait for settlement');
        return this.step({
          status: 'processing',
          settleAt: new Date(context.now.getTime() + decision.settleAfterMs),
        });
      case 'approved':
        return this.approve(context);
    }
  }

  fail(reason: string): TransactionStep {
    this.expect(UNDECIDED, 'fail');
    return this.step({ status: 'failed', reason, settleAt: null });
  }

  /** ADR 0008: the customer left the wallet checkout. */
  cancel(reason: string): TransactionStep {
    this.expect(['opened'], 'cancel');
    return this.step({ status: 'cancelled', reason, settleAt: null });
  }

  /**
   * A reversal of part of a completed payment (rules in `reverse`, ReversalRefused otherwise): the
   * payment's later effect and the refund to open. A payment may be reversed several times: each
   * refund is keyed by its own request, may come from a task, and has no wallet checkout.
   */
  reverse(
    amountMinor: bigint,
    request: { idempotencyKey: string; reason: string | null; task: TaskOrigin | null },
  ): { payment: { status: 'refunded'; reversedMinor: bigint }; refund: NewTransaction } {
    const reversal = reverse(this.state, amountMinor);
    const { priceMinor, feeMinor } = reversal.refund;
    return {
      payment: reversal.payment,
      refund: {
        ...derivedFrom(this.state, {
          type: 'refund',
          priceMinor,
          feeMinor,
          reason: request.reason,
        }),
        idempotencyKey: request.idempotencyKey,
        task: request.task,
        checkout: null,
      },
    };
  }

  /**
   * ADR 0028: a chargeback of what is left of a completed payment (DisputeRefused otherwise): the
   * payment's later effect and the movements to open, the chargeback and its penalty if any.
   */
  chargeBack(): LaterEffect<'charged_back'> {
    const decided = chargeBack(this.state);
    const movements = [this.movement('chargeback', decided.amountMinor, decided.feeMinor)];
    if (decided.penaltyMinor > 0n)
      movements.push(this.movement('penalty', decided.penaltyMinor, 0n));
    return { status: 'charged_back', movements };
  }

  /** ADR 0028: a charged back payment comes back (DisputeRefused otherwise). */
  retrieve(chargeback: Transaction | undefined): LaterEffect<'retrieved'> {
    const decided = retrieve(this.state, chargeback);
    return {
      status: 'retrieved',
      movements: [this.movement('retrieval', decided.amountMinor, decided.feeMinor)],
    };
  }

  /**
   * A payment's later movement (refund, chargeback, retrieval, penalty, a returned reserve) is
   * opened and at once settled with its own ledger entry.
   */
  settleMovement(): TransactionStep {
    this.expect(['opened'], 'settle a movement');
    const t = this.state;
    const amounts = this.ledgerAmounts();
    const movement = { ...amounts, amountMinor: t.priceMinor };
    switch (t.type) {
      case 'refund':
        return this.step({ status: 'completed' }, [reversalEntry(amounts)]);
      case 'chargeback':
        return this.step({ status: 'completed' }, [chargebackEntry(amounts)]);
      case 'retrieval':
        return this.step({ status: 'completed' }, [retrievalEntry(amounts)]);
      case 'penalty':
        return this.step({ status: 'completed' }, [penaltyEntry(movement)]);
      case 'rolling_reserve':
        return this.step({ status: 'returned' }, [rollingReserveReturnEntry(movement)]);
      case 'payment':
      case 'verification':
        throw new TransitionRefused(`transaction ${t.id} is a ${t.type}, not a movement`);
    }
  }

  /**
   * The money moves (payment: gross/fee/net and its rolling reserve, ADR 0027; verification: hold
   * and release), then the extras: the kept card and the subscription (ADR 0012).
   */
  private approve(context: AuthorizationContext): TransactionStep {
    this.expect(UNDECIDED, 'complete');
    const t = this.state;
    const amounts = this.ledgerAmounts();
    const change: TransactionStep['change'] = {
      status: t.type === 'payment' ? 'completed' : 'verified',
      settleAt: null,
    };
    const { remember, recurring } = t.options;
    if (remember || recurring) {
      const permanentTokenId = t.permanentTokenId ?? context.permanentTokenId;
      if (!permanentTokenId) throw new Error(`transaction ${t.id} keeps its card without a token`);
      change.permanentTokenId = permanentTokenId;
    }
    if (recurring) change.recurring = recurringViewOf(context.settings, context.now);
    const events: TransactionEvent[] = recurring
      ? ['status-changed', 'recurring-subscribed']
      : ['status-changed'];
    if (t.type !== 'payment') {
      return { ...this.step(change, verificationEntries(amounts)), events };
    }
    const hold = this.reserveHold(context);
    const postings = [completedPaymentEntry(amounts)];
    if (hold) {
      postings.push(
        rollingReserveHoldEntry({
          projectId: t.projectId,
          transactionId: t.id,
          currency: t.currency,
          amountMinor: hold.amountMinor,
        }),
      );
    }
    return { from: t.status, change, postings, reserveHold: hold, events };
  }

  private movement(type: TransactionType, priceMinor: bigint, feeMinor: bigint): NewTransaction {
    return derivedFrom(this.state, { type, priceMinor, feeMinor });
  }

  private reserveHold(context: AuthorizationContext): RollingReserveHold | null {
    const amountMinor = reserveShareOf(this.state, context.settings);
    if (amountMinor === 0n) return null;
    const { id: paymentId, projectId, currency } = this.state;
    const days = context.settings.rollingReserveDays;
    const releaseAt = releaseTimeOf(context.now, days, context.reserveDaySeconds);
    return { paymentId, projectId, currency, amountMinor, releaseAt };
  }

  /** The transaction's amounts as the ledger's postings take them. */
  private ledgerAmounts() {
    const t = this.state;
    return {
      projectId: t.projectId,
      transactionId: t.id,
      currency: t.currency,
      grossMinor: t.priceMinor,
      feeMinor: t.feeMinor,
    };
  }

  private step(change: TransactionStep['change'], postings: JournalEntry[] = []): TransactionStep {
    return {
      from: this.state.status,
      change,
      postings,
      reserveHold: null,
      events: ['status-changed'],
    };
  }

  private expect(allowed: readonly TransactionStatus[], move: string): void {
    if (!allowed.includes(this.state.status)) {
      throw new TransitionRefused(
        `transaction ${this.state.id} is ${this.state.status}: cannot ${move}`,
      );
    }
  }
}
