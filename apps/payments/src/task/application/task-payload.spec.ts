import type { TaskCommandV1 } from '@opp/contracts';
import {
  authenticateCommandOf,
  chargeCommandOf,
  reverseCommandOf,
  statusQueryOf,
} from './task-payload';

const command = (payload: Record<string, unknown>): TaskCommandV1 => ({
  taskId: '6f1c2b1e-8d0e-4f7c-9a55-0c6f3d1f9a10',
  globalId: '0d6bb3f5-2c6a-4a61-8f0e-3a0c1c0a9b22',
  function: 'card.payment',
  projectId: 5,
  partnerIdentifier: 'partner',
  payload,
});

describe('task payloads', () => {
  it('reads a transaction.reverse like POST /transaction/reverse, keyed by the task id', () => {
    expect(reverseCommandOf(command({ id: '42', amount: 2.5, comment: 'why' }))).toEqual({
      ok: true,
      value: {
        idempotencyKey: '6f1c2b1e-8d0e-4f7c-9a55-0c6f3d1f9a10',
        projectId: 5,
        id: 42,
        amount: '2.5',
        comment: 'why',
      },
    });
    expect(reverseCommandOf(command({ order_id: 'o-1', amount: '1' }))).toMatchObject({
      ok: true,
      value: { orderId: 'o-1', amount: '1' },
    });
    expect(reverseCommandOf(command({ id: 1 })).ok).toBe(false);
  });

  it('reads a card.payment written like POST /card/process, keyed by the task id', () => {
    const result = chargeCommandOf(
      command({
        user: 'u-1',
        card: { number: '424242******4242' },
        sealed_card: 's1.k.sealed',
        price: 10.5,
        currency: 'EUR',
        description: 'd',
        '3ds': '1',
        remember: 1,
        recurring: 'true',
        recurring_interval: '30',
        attr_x: 'y',
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      value: {
        idempotencyKey: '6f1c2b1e-8d0e-4f7c-9a55-0c6f3d1f9a10',
        projectId: 5,
        user: { id: 'u-1', identifier: 'u-1' },
        sealedCard: 's1.k.sealed',
        priceMinor: '1050',
        currency: 'EUR',
        threeDs: true,
        remember: true,
        verifyCard: false,
        recurring: true,
        recurringInterval: 30,
        attributes: { attr_x: 'y' },
      },
    });
  });

  it('takes a User object as given, keeping only its known fields', () => {
    const result = chargeCommandOf(
      command({
        user: { identifier: 'ext', email: 'a@b.c', unknown: 'x' },
        card_token: 't',
        price: '1',
        currency: 'EUR',
        description: 'd',
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      value: { user: { id: 'ext', identifier: 'ext', email: 'a@b.c' } },
    });
  });

  it('reads the price into minor units, refused with the codes of POST /card/process', () => {
    const priced = (price: unknown, currency = 'EUR') =>
      chargeCommandOf(command({ card_token: 't', price, currency, description: 'd' }));
    expect(priced('12.5')).toMatchObject({ ok: true, value: { priceMinor: '1250' } });
    expect(priced('500', 'JPY')).toMatchObject({ ok: true, value: { priceMinor: '500' } });
    expect(() => priced('10.001')).toThrow(
      expect.objectContaining({ code: 40018, message: expect.stringMatching(/^price: /) }),
    );
    expect(() => priced('5.5', 'JPY')).toThrow(expect.objectContaining({ code: 40018 }));
    expect(() => priced('ten')).toThrow(expect.objectContaining({ code: 40017 }));
    expect(() => priced('10', 'XYZ')).toThrow(
      expect.objectContaining({
        code: 40017,
        message: 'currency must be an ISO 4217 currency code',
      }),
    );
  });

  it('requires recurring_interval with recurring', () => {
    const fields = { card_token: 't', price: '1', currency: 'EUR', description: 'd' };
    expect(() => chargeCommandOf(command({ ...fields, recurring: 1 }))).toThrow(
      expect.objectContaining({
        code: 40017,
        message: 'recurring_interval is required when recurring is 1',
      }),
    );
    expect(() =>
      chargeCommandOf(command({ ...fields, recurring: 1, recurring_interval: '30 days' })),
    ).toThrow(
      expect.objectContaining({
        code: 40017,
        message: expect.stringMatching(/^recurring_interval /),
      }),
    );
    expect(chargeCommandOf(command({ ...fields, recurring: 1, recurring_interval: 0 })).ok).toBe(
      true,
    );
  });

  it('refuses a switch that is not 1 or 0, as POST /card/process does, rather than read it as 0', () => {
    const fields = { card_token: 't', price: '1', currency: 'EUR', description: 'd' };
    for (const name of ['recurring', '3ds', 'remember', 'verify_card']) {
      expect(() => chargeCommandOf(command({ ...fields, [name]: 'yes' }))).toThrow(
        expect.objectContaining({ code: 40017, message: `${name} must be 1 or 0` }),
      );
    }
    expect(chargeCommandOf(command({ ...fields, '3ds': false, remember: 0 }))).toMatchObject({
      ok: true,
      value: { threeDs: false, remember: false },
    });
  });

  it('reports what is missing', () => {
    expect(() => chargeCommandOf(command({ price: '1' }))).toThrow(
      expect.objectContaining({ code: 40017, message: 'currency is required' }),
    );
    const result = chargeCommandOf(command({ price: '1', currency: 'EUR' }));
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.join(' ')).toMatch(/description/);
  });

  it('reads card.authenticate and transaction.status payloads', () => {
    expect(authenticateCommandOf(command({ MD: 'm', PaRes: 'p' }))).toMatchObject({
      ok: true,
      value: { projectId: 5, md: 'm', paRes: 'p' },
    });
    expect(statusQueryOf(command({ id: '17' }))).toMatchObject({ ok: true, value: { id: 17 } });
    expect(statusQueryOf(command({ order_id: 'o-1' }))).toMatchObject({
      ok: true,
      value: { orderId: 'o-1' },
    });
  });
});
