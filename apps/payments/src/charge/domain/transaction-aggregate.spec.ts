import { Accounts } from '../../ledger/domain/accounts';
import {
  completedPaymentEntry,
  penaltyEntry,
  reversalEntry,
  rollingReserveReturnEntry,
  verificationEntries,
} from '../../ledger/domain/postings';
import type { NewTransaction, Transaction, TransactionStatus } from './transaction';
import {
  TransactionAggregate,
  TransitionRefused,
  type AuthorizationContext,
} from './transaction-aggregate';

const charge = (fields: Partial<Transaction> = {}): Transaction =>
  ({
    id: 10,
    projectId: 7,
    type: 'payment',
    status: 'opened',
    originalStatus: 'opened',
    priceMinor: 1000n,
    feeMinor: 50n,
    reversedMinor: 0n,
    currency: 'EUR',
    permanentTokenId: null,
    options: { remember: false, recurring: null },
    ...fields,
  }) as Transaction;

const now = new Date('2026-01-31T10:00:00Z');
const context = (fields: Partial<AuthorizationContext['settings']> = {}): AuthorizationContext => ({
  settings: {
    rollingReservePercent: '10',
    rollingReserveDays: 0,
    recurringMonths: 12,
    recurringMinDays: 30,
    ...fields,
  },
  now,
  reserveDaySeconds: 86_400,
});
const amounts = { projectId: 7, transactionId: 10, currency: 'EUR', grossMinor: 1000n };
const acs = { md: 'md', paReq: 'pa-req', termUrl: 'https://shop.example/3ds' };

describe('TransactionAggregate', () => {
  describe('draft and opening (ADR 0065)', () => {
    const { id: _id, status: _s, originalStatus: _o, reversedMinor: _r, ...rest } = charge();
    const fresh = { ...rest, acs: null, settleAt: null } as NewTransaction;

    it('writes an approved charge once, completed, with its postings and event', () => {
      const draft = TransactionAggregate.draft(10, fresh, now);
      const opening = draft.opening(draft.authorize({ outcome: 'approved' }, context()));
      expect(opening.row).toMatchObject({ id: 10, status: 'completed', settleAt: null });
      expect(opening.postings).toEqual([completedPaymentEntry({ ...amounts, feeMinor: 50n })]);
      expect(opening.events).toEqual(['status-changed']);
    });

    it('writes a challenged charge once, authenticating, with its 3-D Secure data', () => {
      const draft = TransactionAggregate.draft(10, fresh, now);
      const opening = draft.opening(draft.requireChallenge(acs));
      expect(opening.row).toMatchObject({ id: 10, status: 'authenticating', acs });
      expect(opening.postings).toEqual([]);
    });

    it('writes a declined charge once, failed with its reason', () => {
      const draft = TransactionAggregate.draft(10, fresh, now);
      const opening = draft.opening(
        draft.authorize({ outcome: 'declined', reason: 'x' }, context()),
      );
      expect(opening.row).toMatchObject({ status: 'failed', reason: 'x' });
    });

    it('opens only a draft', () => {
      const decided = new TransactionAggregate(charge({ status: 'processing' }));
      expect(() => decided.opening(decided.fail('late'))).toThrow(TransitionRefused);
    });
  });

  describe('authorize', () => {
    it('completes an approved payment with its gross/fee/net entry and a status event', () => {
      const step = new TransactionAggregate(charge()).authorize({ outcome: 'approved' }, context());
      expect(step.from).toBe('opened');
      expect(step.change).toEqual({ status: 'completed', settleAt: null });
      expect(step.postings).toEqual([completedPaymentEntry({ ...amounts, feeMinor: 50n })]);
      expect(step.reserveHold).toBeNull();
      expect(step.events).toEqual(['status-changed']);
    });

    it('holds the rolling reserve share of an approved payment (ADR 0027)', () => {
      const step = new TransactionAggregate(charge()).authorize(
        { outcome: 'approved' },
        context({ rollingReserveDays: 2 }),
      );
      expect(step.reserveHold).toEqual({
        paymentId: 10,
        projectId: 7,
        currency: 'EUR',
        amountMinor: 100n,
        releaseAt: new Date('2026-02-02T10:00:00Z'),
      });
      expect(step.postings.map((p) => p.kind)).toEqual(['payment', 'rolling-reserve-hold']);
      expect(step.postings[1].lines).toContainEqual(
        expect.objectContaining({ account: Accounts.rollingReserve(7), credit: 100n }),
      );
    });

    it('verifies a card with the hold and its release, no fee and no reserve', () => {
      const verification = charge({ type: 'verification', feeMinor: 0n });
      const step = new TransactionAggregate(verification).authorize(
        { outcome: 'approved' },
        context({ rollingReserveDays: 2 }),
      );
      expect(step.change.status).toBe('verified');
      expect(step.postings).toEqual(verificationEntries({ ...amounts, feeMinor: 0n }));
      expect(step.reserveHold).toBeNull();
    });

    it('keeps the card and subscribes a recurring charge (ADR 0012)', () => {
      const recurring = { interval: 30, trial: 0, price: '10.00', currency: 'EUR' };
      const aggregate = new TransactionAggregate(
        charge({ options: { remember: false, recurring } }),
      );
      expect(aggregate.keepsCard({ outcome: 'approved' })).toBe(true);
      expect(aggregate.keepsCard({ outcome: 'declined', reason: 'no' })).toBe(false);
      const step = aggregate.authorize(
        { outcome: 'approved' },
        { ...context(), permanentTokenId: 'perm-1' },
      );
      expect(step.change.permanentTokenId).toBe('perm-1');
      expect(step.change.recurring).toEqual({ frequency: 30, endsAt: '2027-01-31T10:00:00.000Z' });
      expect(step.events).toEqual(['status-changed', 'recurring-subscribed']);
    });

    it('refuses to keep a card without its permanent token', () => {
      const remembered = charge({ options: { remember: true, recurring: null } });
      expect(() =>
        new TransactionAggregate(remembered).authorize({ outcome: 'approved' }, context()),
      ).toThrow('without a token');
    });

    it('moves a pending decision to processing until its settlement time, without postings', () => {
      const step = new TransactionAggregate(charge()).authorize(
        { outcome: 'pending', settleAfterMs: 3000 },
        context(),
      );
      expect(step.change).toEqual({
        status: 'processing',
        settleAt: new Date(now.getTime() + 3000),
      });
      expect(step.postings).toEqual([]);
    });

    it('fails a declined charge with its reason and no postings', () => {
      const step = new TransactionAggregate(charge({ status: 'processing' })).authorize(
        { outcome: 'declined', reason: 'Insufficient funds' },
        context(),
      );
      expect(step.from).toBe('processing');
      expect(step.change).toEqual({
        status: 'failed',
        reason: 'Insufficient funds',
        settleAt: null,
      });
      expect(step.postings).toEqual([]);
    });

    it.each<TransactionStatus>(['completed', 'failed', 'verified', 'cancelled', 'refunded'])(
      'refuses to decide a charge that is already %s',
      (status) => {
        const decided = new TransactionAggregate(charge({ status }));
        expect(() => decided.authorize({ outcome: 'approved' }, context())).toThrow(
          TransitionRefused,
        );
        expect(() => decided.fail('late')).toThrow(TransitionRefused);
      },
    );
  });

  describe('3-D Secure', () => {
    it('sends an opened charge to authentication with its ACS data', () => {
      const step = new TransactionAggregate(charge()).requireChallenge(acs);
      expect(step.change).toEqual({ status: 'authenticating', acs });
      expect(
        new TransactionAggregate(charge({ status: 'authenticating' })).isAwaitingChallenge(),
      ).toBe(true);
    });

    it('refuses a challenge for a charge past opened', () => {
      const waiting = new TransactionAggregate(charge({ status: 'authenticating' }));
      expect(() => waiting.requireChallenge(acs)).toThrow(TransitionRefused);
      expect(new TransactionAggregate(charge()).isAwaitingChallenge()).toBe(false);
    });
  });

  describe('cancel (wallet checkout, ADR 0008)', () => {
    it('cancels an opened checkout', () => {
      const step = new TransactionAggregate(charge()).cancel('cancelled');
      expect(step.change).toEqual({ status: 'cancelled', reason: 'cancelled', settleAt: null });
    });

    it('refuses to cancel a finished one', () => {
      const completed = new TransactionAggregate(charge({ status: 'completed' }));
      expect(() => completed.cancel('cancelled')).toThrow(TransitionRefused);
    });
  });

  describe('settleMovement', () => {
    it('completes a refund with the reversal entry of its own amounts', () => {
      const refund = charge({ id: 11, type: 'refund', priceMinor: 400n, feeMinor: 20n });
      const step = new TransactionAggregate(refund).settleMovement();
      expect(step.change).toEqual({ status: 'completed' });
      expect(step.postings).toEqual([
        reversalEntry({ ...amounts, transactionId: 11, grossMinor: 400n, feeMinor: 20n }),
      ]);
    });

    it('completes a penalty and returns a reserve with their entries (ADR 0027, 0028)', () => {
      const penalty = charge({ id: 12, type: 'penalty', priceMinor: 50n, feeMinor: 0n });
      expect(new TransactionAggregate(penalty).settleMovement().postings).toEqual([
        penaltyEntry({ projectId: 7, transactionId: 12, currency: 'EUR', amountMinor: 50n }),
      ]);
      const reserve = charge({ id: 13, type: 'rolling_reserve', priceMinor: 100n, feeMinor: 0n });
      const returned = new TransactionAggregate(reserve).settleMovement();
      expect(returned.change).toEqual({ status: 'returned' });
      expect(returned.postings).toEqual([
        rollingReserveReturnEntry({
          projectId: 7,
          transactionId: 13,
          currency: 'EUR',
          amountMinor: 100n,
        }),
      ]);
    });

    it('refuses a payment, and a movement already settled', () => {
      expect(() => new TransactionAggregate(charge()).settleMovement()).toThrow(TransitionRefused);
      const settled = charge({ type: 'refund', status: 'completed' });
      expect(() => new TransactionAggregate(settled).settleMovement()).toThrow(TransitionRefused);
    });
  });
});

describe('TransactionAggregate.reverse', () => {
  const completed = charge({ status: 'completed', originalStatus: 'completed', orderId: 'o-1' });
  const request = { idempotencyKey: 'rev-1', reason: 'customer asked', task: null };

  it('records the later effect on the payment and opens a refund keyed by its own request', () => {
    const { payment, refund } = new TransactionAggregate(completed).reverse(400n, request);
    expect(payment).toEqual({ status: 'refunded', reversedMinor: 400n });
    expect(refund).toMatchObject({
      type: 'refund',
      referenceId: 10,
      idempotencyKey: 'rev-1',
      priceMinor: 400n,
      feeMinor: 20n,
      reason: 'customer asked',
      checkout: null,
    });
  });

  it('refuses to reverse a payment that is not completed', () => {
    expect(() => new TransactionAggregate(charge()).reverse(400n, request)).toThrow(
      'not a completed payment',
    );
  });
});

describe('TransactionAggregate disputes (ADR 0028)', () => {
  const completed = charge({ status: 'completed', originalStatus: 'completed' });

  it('charges back what is left of a payment and opens its penalty', () => {
    const effect = new TransactionAggregate(completed).chargeBack();
    expect(effect.status).toBe('charged_back');
    expect(effect.movements).toEqual([
      expect.objectContaining({ type: 'chargeback', priceMinor: 1000n, feeMinor: 50n }),
      expect.objectContaining({ type: 'penalty', priceMinor: 50n, feeMinor: 0n }),
    ]);
  });

  it('retrieves a charged back payment with the chargeback amounts', () => {
    const chargedBack = charge({ status: 'charged_back', originalStatus: 'completed' });
    const chargeback = charge({ id: 11, type: 'chargeback', priceMinor: 1000n, feeMinor: 50n });
    const effect = new TransactionAggregate(chargedBack).retrieve(chargeback);
    expect(effect.status).toBe('retrieved');
    expect(effect.movements).toEqual([
      expect.objectContaining({ type: 'retrieval', priceMinor: 1000n, feeMinor: 50n }),
    ]);
  });

  it('refuses to charge back an open charge, and to retrieve what was not charged back', () => {
    expect(() => new TransactionAggregate(charge()).chargeBack()).toThrow(
      'not a completed payment',
    );
    expect(() => new TransactionAggregate(completed).retrieve(undefined)).toThrow(
      'not charged back',
    );
  });
});
