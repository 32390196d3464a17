import { maskParams, requestTraceFacts } from './request-facts';

describe('request trace facts', () => {
  it('masks card numbers wherever they are, hides security codes and leaves the signature out', () => {
    expect(
      maskParams({
        card: { number: '4242424242424242', security_code: '123', expiration_month: '12' },
        description: 'card 4000 0000 0000 3220 in a note',
        signature: 'abc',
        price: '10.00',
      }),
    ).toEqual({
      card: { number: '424242******4242', security_code: '***', expiration_month: '12' },
      description: expect.not.stringContaining('4000 0000 0000 3220'),
      price: '10.00',
    });
  });

  it('keeps the answered transaction, the named one, the order id and the latency', () => {
    expect(
      requestTraceFacts({
        method: 'POST',
        path: '/v1/transaction/reverse',
        params: { id: '41', order_id: 'o-1', amount: '5.00' },
        answer: { id: 42, status: 'completed' },
        startedAt: 1_000,
        now: 1_042,
        correlationId: 'c-1',
      }),
    ).toMatchObject({
      transactionId: 42,
      namedTransactionId: 41,
      orderId: 'o-1',
      latencyMs: 42,
      correlationId: 'c-1',
    });
  });
});
