import { Accounts } from '../../ledger/domain/accounts';
import { credit, debit } from '../../ledger/domain/journal-entry';
import { Payout, PayoutNotReservedError } from './payout';

const reserved = () =>
  Payout.restore({
    id: 9,
    projectId: 4,
    orderId: null,
    typeKey: 'sepa',
    amountMinor: 250n,
    currency: 'EUR',
    accountDisplay: 'DE89370400440532013000',
    status: 'reserved',
    reason: null,
    updatedAt: new Date(0),
  });

describe('payout in the ledger (ADR 0060)', () => {
  it('reserves out of the available balance', () => {
    const entry = Payout.reservationEntry({
      id: 9,
      projectId: 4,
      currency: 'EUR',
      amountMinor: 250n,
    });
    expect(entry.kind).toBe('payout-reservation');
    expect(entry.payoutId).toBe(9);
    expect(entry.lines).toEqual([
      debit(Accounts.merchantAvailable(4), 'EUR', 250n),
      credit(Accounts.payoutsReserved(4), 'EUR', 250n),
    ]);
  });

  it('posts a completed payout to the rail and releases a failed one, once', () => {
    const paid = reserved();
    expect(paid.settle('completed', null, new Date(1)).lines[1]).toEqual(
      credit(Accounts.payoutRailClearing, 'EUR', 250n),
    );
    expect(() => paid.settle('failed', null, new Date(2))).toThrow(PayoutNotReservedError);
    const released = reserved().settle('cancelled', 'cancelled', new Date(1));
    expect(released.kind).toBe('payout-release');
    expect(released.lines[1]).toEqual(credit(Accounts.merchantAvailable(4), 'EUR', 250n));
  });
});
