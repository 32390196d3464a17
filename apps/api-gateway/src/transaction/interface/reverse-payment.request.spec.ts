import { readReversePayment } from './reverse-payment.request';
import { apiErrorCodeOf } from '../../../test/support/api-error-code';

describe('readReversePayment', () => {
  it('reads id or order_id, the amount as text and the comment', () => {
    expect(readReversePayment(3, { id: '17', amount: 2.5, comment: ' why ' }, 'k')).toEqual({
      projectId: 3,
      id: 17,
      amount: '2.5',
      comment: 'why',
      idempotencyKey: 'k',
    });
    expect(readReversePayment(3, { order_id: 'o-1', amount: '10' }, 'k')).toEqual({
      projectId: 3,
      orderId: 'o-1',
      amount: '10',
      idempotencyKey: 'k',
    });
  });

  it.each([
    [{ amount: '1' }, 40017],
    [{ id: '1' }, 40017],
    [{ id: '1', amount: '' }, 40017],
    [{ id: '1', amount: '0.00' }, 40017],
    [{ id: '1', amount: '-1' }, 40017],
    [{ id: '1', amount: '1e3' }, 40017],
    [{ id: '1', amount: true }, 40017],
    [{ id: '1', amount: { a: 1 } }, 40017],
    [{ id: 'x', amount: '1' }, 40403],
    [{ id: '1', amount: '1', comment: 'c'.repeat(256) }, 40017],
  ])('refuses %j with %i', (params, code) =>
    expect(apiErrorCodeOf(() => readReversePayment(3, params, 'k'))).toBe(code),
  );
});
