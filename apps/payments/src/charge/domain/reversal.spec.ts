import { Accounts } from '../../ledger/domain/accounts';
import { credit, debit } from '../../ledger/domain/journal-entry';
import { completedPaymentEntry } from '../../ledger/domain/postings';
import { completedPayment as payment } from '../../../test/support/completed-payment.fixture';
import { reverse, ReversalRefused } from './reversal';
import type { Transaction } from './transaction';
import { TransactionAggregate } from './transaction-aggregate';

/**
 * The ledger entry of a reversal as the code path makes it: the payment's aggregate opens the
 * refund, whose own aggregate settles it with its entry.
 */
function refundEntry(p: Transaction, amountMinor: bigint, refundId: number) {
  const { refund } = new TransactionAggregate(p).reverse(amountMinor, {
    idempotencyKey: `r-${refundId}`,
    reason: null,
    task: null,
  });
  const opened = { ...refund, id: refundId, status: 'opened' } as Transaction;
  return new TransactionAggregate(opened).settleMovement().postings[0];
}

/** Net effect per account of a list of entries (debit positive). */
function net(entries: { lines: { account: string; debit: bigint; credit: bigint }[] }[]) {
  const sums = new Map<string, bigint>();
  for (const line of entries.flatMap((e) => e.lines)) {
    sums.set(line.account, (sums.get(line.account) ?? 0n) + line.debit - line.credit);
  }
  return sums;
}

describe('reverse(payment, amount)', () => {
  it('reverses a whole payment: status refunded, the fee returned, the entry turned around', () => {
    const r = reverse(payment(), 1000n);
    expect(r.payment).toEqual({ status: 'refunded', reversedMinor: 1000n });
    expect(r.refund).toEqual({ priceMinor: 1000n, feeMinor: 55n });
    expect(refundEntry(payment(), 1000n, 11)).toEqual({
      projectId: 7,
      transactionId: 11,
      kind: 'reversal',
      lines: [
        credit(Accounts.acquirerClearing, 'EUR', 1000n),
        debit(Accounts.merchantAvailable(7), 'EUR', 945n),
        debit(Accounts.feeRevenue, 'EUR', 55n),
      ],
    });
  });

  it('returns the fee in proportion, rounded half up on the running total', () => {
    const first = reverse(payment(), 333n);
    // 55 x 333 / 1000 = 18.315 -> 18
    expect(first.refund).toEqual({ priceMinor: 333n, feeMinor: 18n });
    const second = reverse(payment({ reversedMinor: 333n, status: 'refunded' }), 333n);
    // 55 x 666 / 1000 = 36.63 -> 37, minus the 18 already returned
    expect(second.refund.feeMinor).toBe(19n);
  });

  it('lets partial reversals add up to the payment, and then the ledger nets to zero', () => {
    let p = payment();
    const entries = [
      completedPaymentEntry({
        projectId: 7,
        transactionId: 10,
        currency: 'EUR',
        grossMinor: 1000n,
        feeMinor: 55n,
      }),
    ];
    for (const [i, amount] of [1n, 333n, 333n, 333n].entries()) {
      const r = reverse(p, amount);
      entries.push(refundEntry(p, amount, 20 + i));
      p = { ...p, status: r.payment.status, reversedMinor: r.payment.reversedMinor };
    }
    expect(p.reversedMinor).toBe(1000n);
    expect([...net(entries).values()].every((v) => v === 0n)).toBe(true);
    expect(() => reverse(p, 1n)).toThrow(/fully reversed/);
  });

  it('refuses more than what is left, zero, a failed payment and what is not a payment', () => {
    expect(() => reverse(payment({ reversedMinor: 900n, status: 'refunded' }), 101n)).toThrow(
      ReversalRefused,
    );
    expect(() => reverse(payment(), 1001n)).toThrow(/exceeds/);
    expect(() => reverse(payment(), 0n)).toThrow(/above zero/);
    expect(() => reverse(payment({ status: 'failed', originalStatus: 'failed' }), 1n)).toThrow(
      ReversalRefused,
    );
    expect(() =>
      reverse(payment({ status: 'processing', originalStatus: 'processing' }), 1n),
    ).toThrow(ReversalRefused);
    expect(() => reverse(payment({ type: 'verification', status: 'verified' }), 1n)).toThrow(
      ReversalRefused,
    );
    expect(() => reverse(payment({ type: 'refund' }), 1n)).toThrow(ReversalRefused);
  });

  it('takes the merchant below zero for a fee above the price, and returns it all the same', () => {
    const p = payment({ priceMinor: 10n, feeMinor: 30n });
    expect(reverse(p, 10n).refund.feeMinor).toBe(30n);
    expect(refundEntry(p, 10n, 2).lines).toContainEqual(
      credit(Accounts.merchantAvailable(7), 'EUR', 20n),
    );
  });
});
