import type { Transaction } from '../domain/transaction';
import { transactionRecordOf } from './transaction-views';

const challenge = { md: 'md', paReq: 'pareq', termUrl: 'https://shop.example/back' };

const transaction = (fields: Partial<Transaction> = {}): Transaction =>
  ({
    id: 10,
    orderId: 'o-1',
    referenceId: null,
    type: 'payment',
    method: 'card',
    status: 'completed',
    originalStatus: 'completed',
    reason: null,
    priceMinor: 1050n,
    feeMinor: 55n,
    currency: 'EUR',
    card: null,
    user: { id: '42', identifier: 'u-42' },
    options: { remember: false, recurring: null },
    permanentTokenId: 'ptok',
    recurring: null,
    acs: challenge,
    task: null,
    createdAt: new Date('2026-01-02T03:04:05Z'),
    updatedAt: new Date('2026-01-02T03:04:06Z'),
    ...fields,
  }) as Transaction;

describe('transactionRecordOf', () => {
  it('answers amounts as minor units and times as ISO text', () => {
    expect(transactionRecordOf(transaction())).toMatchObject({
      priceMinor: '1050',
      feeMinor: '55',
      currency: 'EUR',
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:06.000Z',
    });
  });

  it('shows the permanent token only when the merchant asked to remember the card', () => {
    expect(transactionRecordOf(transaction()).permanentTokenId).toBeNull();
    const remembered = transaction({ options: { remember: true, recurring: null } });
    expect(transactionRecordOf(remembered).permanentTokenId).toBe('ptok');
  });

  it('carries the 3-D Secure challenge only while the charge waits for it', () => {
    expect(transactionRecordOf(transaction()).threeDs).toBeNull();
    expect(transactionRecordOf(transaction({ status: 'authenticating' })).threeDs).toEqual(
      challenge,
    );
  });

  it("returns a task's challenge to its task, without a URL: the gateway builds it (ADR 0031)", () => {
    const byTask = transaction({
      status: 'authenticating',
      acs: { md: 'md', paReq: 'pareq', termUrl: '' },
      task: { globalId: 'g-1', taskId: 't-1' },
    });
    expect(transactionRecordOf(byTask).threeDs).toEqual({
      md: 'md',
      paReq: 'pareq',
      termUrl: '',
      returnTo: { globalId: 'g-1', taskId: 't-1' },
    });
  });
});
