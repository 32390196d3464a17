import { parseChargePrice, parseChargeRecurring } from './charge-fields';

describe('parseChargePrice', () => {
  it('reads a price into minor units of its currency', () => {
    expect(parseChargePrice('10.5', 'EUR')).toEqual({
      ok: true,
      value: { price: '10.5', currency: 'EUR', minor: 1050n },
    });
    expect(parseChargePrice('1000', 'JPY')).toEqual({
      ok: true,
      value: { price: '1000', currency: 'JPY', minor: 1000n },
    });
  });

  it('names what is missing, price first', () => {
    expect(parseChargePrice(undefined, undefined)).toEqual({
      ok: false,
      failure: { reason: 'price-missing' },
    });
    expect(parseChargePrice('10', undefined)).toEqual({
      ok: false,
      failure: { reason: 'currency-missing' },
    });
  });

  it('refuses a currency it does not know', () => {
    expect(parseChargePrice('10', 'XXZ')).toEqual({
      ok: false,
      failure: { reason: 'currency-unknown', currency: 'XXZ' },
    });
    expect(parseChargePrice('10', '')).toEqual({
      ok: false,
      failure: { reason: 'currency-unknown', currency: '' },
    });
  });

  it('tells a too precise price (ADR 0009: 40018) from a malformed one', () => {
    const precise = parseChargePrice('10.001', 'EUR');
    expect(precise.ok || precise.failure.reason).toBe('price-too-precise');
    for (const bad of ['1e3', '-10', 'ten', '']) {
      const malformed = parseChargePrice(bad, 'EUR');
      expect(malformed.ok || malformed.failure.reason).toBe('price-malformed');
    }
  });

  it('refuses zero unless allowed', () => {
    expect(parseChargePrice('0.00', 'EUR')).toEqual({
      ok: false,
      failure: { reason: 'price-zero' },
    });
    expect(parseChargePrice('0', 'EUR', { allowZero: true })).toEqual({
      ok: true,
      value: { price: '0', currency: 'EUR', minor: 0n },
    });
  });
});

describe('parseChargeRecurring', () => {
  it('requires the interval with recurring (ADR 0012)', () => {
    expect(parseChargeRecurring({ recurring: true })).toEqual({
      ok: false,
      failure: { reason: 'recurring-interval-missing' },
    });
    expect(parseChargeRecurring({ recurring: true, recurringTrial: 7 }).ok).toBe(false);
  });

  it('takes an interval of 0 (manual only) and keeps only the given terms', () => {
    expect(parseChargeRecurring({ recurring: true, recurringInterval: 0 })).toEqual({
      ok: true,
      value: { recurring: true, recurringInterval: 0 },
    });
    expect(parseChargeRecurring({ recurring: false })).toEqual({
      ok: true,
      value: { recurring: false },
    });
    expect(
      parseChargeRecurring({ recurring: true, recurringInterval: 30, recurringTrial: 7 }),
    ).toEqual({ ok: true, value: { recurring: true, recurringInterval: 30, recurringTrial: 7 } });
  });
});
