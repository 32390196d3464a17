import {
  ProcessChargeV1Request,
  ReversePaymentV1Request,
  Topics,
  type MessageEnvelope,
  type ReversePaymentV1,
  type TransactionStatusChangedV1,
} from '@opp/contracts';
import { randomUUID } from 'node:crypto';
import { reconcileProjectIn } from '@opp/reconcile';
import { eventually } from '@opp/testing';
import { errorCodeOf, PaymentsHarness, sealedCardData, valueOf } from './payments-harness';
import { RowLockHolder } from './row-lock-probe';

/**
 * Reversals (ADR 0021, reversals) against payments over Kafka: the rules, the ledger, the
 * `refund_completed` event, and that concurrent reversals of one payment never exceed it.
 */
describe('payments: reversals', () => {
  let h: PaymentsHarness;
  let project: number;
  let events: MessageEnvelope[];

  beforeAll(async () => {
    h = await PaymentsHarness.start('payments reversals', ['payments']);
    // Fee 2.5% + 0.30: a 10.00 EUR payment pays 0.55.
    project = await h.createProject();
    events = await h.collect(Topics.transactionEvents);
  });

  afterAll(async () => {
    await h?.stop();
  });

  const pay = async (number = '4242424242424242', price = '10.00', orderId = randomUUID()) =>
    valueOf(
      await h.request(
        ProcessChargeV1Request,
        h.chargeCommand(project, { sealedCard: sealedCardData(project, number), price, orderId }),
      ),
    );
  const reverse = (fields: Partial<ReversePaymentV1>) =>
    h.request(ReversePaymentV1Request, {
      idempotencyKey: randomUUID(),
      projectId: project,
      amount: '1.00',
      ...fields,
    });
  const balance = async () => {
    const [row] = await h.sql<{ balance: string }>(
      `SELECT COALESCE(sum(credit) - sum(debit), 0)::text AS balance FROM journal_lines
       WHERE account = $1 AND currency = 'EUR'`,
      [`merchant:${project}:available`],
    );
    return BigInt(row.balance);
  };
  const journalLines = async () =>
    Number((await h.sql<{ n: string }>(`SELECT count(*) AS n FROM journal_lines`))[0].n);
  const payment = async (id: number) =>
    (
      await h.sql<{ status: string; original_status: string; reversed_minor: string }>(
        `SELECT status, original_status, reversed_minor FROM transactions WHERE id = $1`,
        [id],
      )
    )[0];

  it('reverses a whole payment: a refund transaction, the fee back, refund_completed', async () => {
    const before = await balance();
    const paid = await pay();
    expect(await balance()).toBe(before + 945n);

    const refund = valueOf(await reverse({ id: paid.id, amount: '10.00', comment: 'returned' }));
    expect(refund).toEqual({
      id: expect.any(Number),
      orderId: paid.orderId,
      referenceId: paid.id,
      type: 'refund',
      method: 'card',
      status: 'completed',
      originalStatus: 'completed',
      reason: 'returned',
      priceMinor: '1000',
      feeMinor: '55',
      currency: 'EUR',
      card: paid.card,
      user: paid.user,
      permanentTokenId: null,
      recurring: null,
      threeDs: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await balance()).toBe(before);
    expect(await payment(paid.id)).toEqual({
      status: 'refunded',
      original_status: 'completed',
      reversed_minor: '1000',
    });
    await eventually(
      () =>
        events.some((e) => (e.payload as TransactionStatusChangedV1).transactionId === refund.id),
      'the reversal event',
    );
    const event = events.find(
      (e) => (e.payload as TransactionStatusChangedV1).transactionId === refund.id,
    )!.payload as TransactionStatusChangedV1;
    expect(event).toMatchObject({
      type: 'refund',
      status: 'completed',
      callbackStatus: 'refund_completed',
      referenceId: paid.id,
      orderId: paid.orderId,
      price: '10.0000',
      reason: 'returned',
    });
    // Fully reversed: nothing more, and nothing moves.
    const lines = await journalLines();
    expect(errorCodeOf(await reverse({ id: paid.id, amount: '0.01' }))).toBe(40504);
    expect(await journalLines()).toBe(lines);
  });

  it('lets partial reversals add up to the payment, never beyond it', async () => {
    const before = await balance();
    const paid = await pay();
    const first = valueOf(await reverse({ orderId: paid.orderId!, amount: '3.33' }));
    expect(first).toMatchObject({ priceMinor: '333', feeMinor: '18', referenceId: paid.id });
    // A partial reversal already shows `refunded` (ADR 0021); what is left is reversible.
    expect(await payment(paid.id)).toMatchObject({ status: 'refunded', reversed_minor: '333' });
    expect(await balance()).toBe(before + 945n - (333n - 18n));

    const lines = await journalLines();
    expect(errorCodeOf(await reverse({ id: paid.id, amount: '6.68' }))).toBe(40504);
    expect(await journalLines()).toBe(lines);
    expect(await payment(paid.id)).toMatchObject({ reversed_minor: '333' });

    valueOf(await reverse({ id: paid.id, amount: '6.67' }));
    expect(await balance()).toBe(before);
    expect(await payment(paid.id)).toMatchObject({ status: 'refunded', reversed_minor: '1000' });
  });

  it('refuses a failed payment (40504), an unknown one (40403) and bad amounts (40018, 40017)', async () => {
    const declined = await pay('4000000000000002');
    expect(declined.status).toBe('failed');
    expect(errorCodeOf(await reverse({ id: declined.id }))).toBe(40504);
    expect(errorCodeOf(await reverse({ id: 999_999_999 }))).toBe(40403);
    expect(errorCodeOf(await reverse({ orderId: 'never-paid' }))).toBe(40403);
    const paid = await pay();
    expect(errorCodeOf(await reverse({ id: paid.id, amount: '1.001' }))).toBe(40018);
    expect(errorCodeOf(await reverse({ id: paid.id, amount: '0.00' }))).toBe(40017);
    expect(await payment(paid.id)).toMatchObject({ status: 'completed', reversed_minor: '0' });
  });

  it('answers a redelivered reversal once: same key, same reversal', async () => {
    const paid = await pay();
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => reverse({ id: paid.id, amount: '2.00', idempotencyKey })),
    );
    const ids = new Set(answers.map((a) => valueOf(a).id));
    expect(ids.size).toBe(1);
    expect(await payment(paid.id)).toMatchObject({ reversed_minor: '200' });
  });

  it('never exceeds a payment under 20 concurrent reversals', async () => {
    const before = await balance();
    const paid = await pay();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => reverse({ id: paid.id, amount: '1.00' })),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(10);
    expect(answers.filter((a) => errorCodeOf(a) === 40504)).toHaveLength(10);
    expect(await payment(paid.id)).toMatchObject({ status: 'refunded', reversed_minor: '1000' });
    const [{ n }] = await h.sql<{ n: string }>(
      `SELECT count(*) AS n FROM transactions WHERE reference_id = $1 AND type = 'refund'`,
      [paid.id],
    );
    expect(Number(n)).toBe(10);
    expect(await balance()).toBe(before);
  });

  it('waits for the payment row lock, then decides on what the holder left', async () => {
    const paid = await pay();
    const holder = await RowLockHolder.lock(
      h.stack.databaseUrls.payments!,
      `SELECT id FROM transactions WHERE id = $1 FOR UPDATE`,
      [paid.id],
    );
    let answer: Awaited<ReturnType<typeof reverse>> | undefined;
    try {
      const pending = reverse({ id: paid.id, amount: '5.00' }).then((a) => (answer = a));
      await holder.waitForBlocked('transactions');
      expect(answer).toBeUndefined();
      // As a concurrent full reversal would: it reverses everything and commits first.
      await holder.commit(
        `UPDATE transactions SET status = 'refunded', reversed_minor = price_minor WHERE id = $1`,
        [paid.id],
      );
      await pending;
    } finally {
      await holder.release();
    }
    expect(errorCodeOf(answer!)).toBe(40504);
    expect(await payment(paid.id)).toMatchObject({ reversed_minor: '1000' });
  });

  it('leaves the books of the project reconciled after every reversal above (ADR 0021)', async () => {
    // The stack has no payouts service: payments' side of the books is checked.
    expect(
      await reconcileProjectIn({ paymentsUrl: h.stack.databaseUrls.payments! }, project),
    ).toEqual([]);
  });
});
