import { randomUUID } from 'node:crypto';
import type { TaskCommandV1 } from '@opp/contracts';
import { recurringChargeTaskOf } from './recurring-charge-task';

const task = (payload: Record<string, unknown>): TaskCommandV1 => ({
  taskId: randomUUID(),
  globalId: randomUUID(),
  function: 'recurring.charge',
  projectId: 7,
  partnerIdentifier: 'partner',
  payload,
});

describe('recurringChargeTaskOf', () => {
  it('reads the fields of POST /card/processRecurring', () => {
    expect(
      recurringChargeTaskOf(
        task({ user: '12', price: 4.5, currency: 'EUR', order_id: 'o-1', attr_x: 'y' }),
      ),
    ).toEqual({
      ok: true,
      value: {
        userId: '12',
        price: '4.5',
        currency: 'EUR',
        orderId: 'o-1',
        description: undefined,
        attributes: { attr_x: 'y' },
      },
    });
  });

  it('fails without a user id, a price or a currency', () => {
    expect(recurringChargeTaskOf(task({ price: '1', currency: 'EUR' })).ok).toBe(false);
    expect(recurringChargeTaskOf(task({ user: '1', currency: 'EUR' })).ok).toBe(false);
    expect(recurringChargeTaskOf(task({ user: '1', price: '1', currency: 'eur' })).ok).toBe(false);
  });
});
