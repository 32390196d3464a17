import { Accounts } from './accounts';
import { balancedEntry, credit, debit, type JournalEntry } from './journal-entry';

export interface ChargeAmounts {
  projectId: number;
  transactionId: number;
  currency: string;
  grossMinor: bigint;
  feeMinor: bigint;
}

/**
 * A completed payment: the acquirer owes the gross; the merchant is owed the net; we earn the fee.
 * A fee above the gross leaves the merchant a negative net (a debit on their account).
 */
export function completedPaymentEntry(charge: ChargeAmounts): JournalEntry {
  const { projectId, transactionId, currency, grossMinor, feeMinor } = charge;
  return balancedEntry({
    projectId,
    transactionId,
    kind: 'payment',
    lines: [
      debit(Accounts.acquirerClearing, currency, grossMinor),
      credit(Accounts.merchantAvailable(projectId), currency, grossMinor - feeMinor),
      credit(Accounts.feeRevenue, currency, feeMinor),
    ],
  });
}

/**
 * A reversal of part of a payment, the payment's entry turned around for that part: the acquirer
 * takes the gross back (to the customer's card), the merchant gives up the net and we return the
 * fee in proportion. The merchant's balance drops by exactly gross - fee.
 */
export function reversalEntry(reversal: ChargeAmounts): JournalEntry {
  const { projectId, transactionId, currency, grossMinor, feeMinor } = reversal;
  return balancedEntry({
    projectId,
    transactionId,
    kind: 'reversal',
    lines: [
      credit(Accounts.acquirerClearing, currency, grossMinor),
      debit(Accounts.merchantAvailable(projectId), currency, grossMinor - feeMinor),
      debit(Accounts.feeRevenue, currency, feeMinor),
    ],
  });
}

/** Card verification: the amount is held and at once released, so the two entries net to zero. */
export function verificationEntries(charge: ChargeAmounts): JournalEntry[] {
  const { projectId, transactionId, currency, grossMinor } = charge;
  const hold = [
    debit(Accounts.cardHoldsReceivable, currency, grossMinor),
    credit(Accounts.cardHoldsOutstanding(projectId), currency, grossMinor),
  ];
  const release = [
    debit(Accounts.cardHoldsOutstanding(projectId), currency, grossMinor),
    credit(Accounts.cardHoldsReceivable, currency, grossMinor),
  ];
  return [
    balancedEntry({ projectId, transactionId, kind: 'verification-hold', lines: hold }),
    balancedEntry({ projectId, transactionId, kind: 'verification-release', lines: release }),
  ];
}

export interface ReserveMovement {
  projectId: number;
  transactionId: number;
  currency: string;
  amountMinor: bigint;
}

/** ADR 0027: part of a payment's net moves out of the available balance into the reserve. */
export function rollingReserveHoldEntry(hold: ReserveMovement): JournalEntry {
  const { projectId, transactionId, currency, amountMinor } = hold;
  return balancedEntry({
    projectId,
    transactionId,
    kind: 'rolling-reserve-hold',
    lines: [
      debit(Accounts.merchantAvailable(projectId), currency, amountMinor),
      credit(Accounts.rollingReserve(projectId), currency, amountMinor),
    ],
  });
}

/** ADR 0027: the held share comes back to the available balance (a `returned` transaction). */
export function rollingReserveReturnEntry(release: ReserveMovement): JournalEntry {
  const { projectId, transactionId, currency, amountMinor } = release;
  return balancedEntry({
    projectId,
    transactionId,
    kind: 'rolling-reserve-return',
    lines: [
      debit(Accounts.rollingReserve(projectId), currency, amountMinor),
      credit(Accounts.merchantAvailable(projectId), currency, amountMinor),
    ],
  });
}

/**
 * ADR 0028: a chargeback takes what is left of a payment back to the customer's card, as a
 * reversal of that part does (the fee in proportion comes back); `retrieval` turns it around.
 */
export function chargebackEntry(chargeback: ChargeAmounts): JournalEntry {
  return { ...reversalEntry(chargeback), kind: 'chargeback' };
}

export function retrievalEntry(retrieval: ChargeAmounts): JournalEntry {
  return { ...completedPaymentEntry(retrieval), kind: 'retrieval' };
}

/** ADR 0028: the chargeback penalty, from the merchant's available balance to the platform. */
export function penaltyEntry(penalty: ReserveMovement): JournalEntry {
  const { projectId, transactionId, currency, amountMinor } = penalty;
  return balancedEntry({
    projectId,
    transactionId,
    kind: 'penalty',
    lines: [
      debit(Accounts.merchantAvailable(projectId), currency, amountMinor),
      credit(Accounts.penaltyRevenue, currency, amountMinor),
    ],
  });
}
