import { readChargeTerms, readDays, readPrice, readSwitch } from './charge-terms';

const refused = (message: string, code = 40017) => ({ ok: false, failure: { code, message } });

describe('charge terms, read once for both edges', () => {
  it('reads a switch from form text, JSON numbers and booleans, and refuses anything else', () => {
    for (const on of ['1', 'true', ' TRUE ', 1, true]) {
      expect(readSwitch({ s: on }, 's')).toEqual({ ok: true, value: true });
    }
    for (const off of [undefined, null, '', '0', 'false', 0, false]) {
      expect(readSwitch({ s: off }, 's')).toEqual({ ok: true, value: false });
    }
    for (const odd of ['yes', '2', 2, {}, ['1']]) {
      expect(readSwitch({ s: odd }, 's')).toEqual(refused('s must be 1 or 0'));
    }
  });

  it('reads days from 0 to 3650, empty as absent', () => {
    expect(readDays({ d: '30' }, 'd')).toEqual({ ok: true, value: 30 });
    expect(readDays({ d: 0 }, 'd')).toEqual({ ok: true, value: 0 });
    expect(readDays({ d: '' }, 'd')).toEqual({ ok: true, value: undefined });
    for (const odd of ['3651', '-1', '1.5', 'month', {}]) {
      expect(readDays({ d: odd }, 'd')).toEqual(refused('d must be a number of days (0-3650)'));
    }
  });

  it('reads a price with its currency, and refuses a boolean where a decimal belongs', () => {
    expect(readPrice({ price: 10.5, currency: 'EUR' })).toEqual({
      ok: true,
      value: { price: '10.5', currency: 'EUR', minor: 1050n },
    });
    expect(readPrice({ price: true, currency: 'EUR' })).toEqual(
      refused('price must be a decimal number'),
    );
    expect(readPrice({ currency: 'EUR' })).toEqual(refused('price is required'));
    expect(readPrice({ price: '1' })).toEqual(refused('currency is required'));
    expect(readPrice({ price: '1.001', currency: 'EUR' })).toMatchObject({
      ok: false,
      failure: { code: 40018 },
    });
    expect(readPrice({ price: '0', currency: 'EUR' }, { allowZero: true }).ok).toBe(true);
  });

  it('reads the terms in one order: verify_card allows a zero price, recurring needs its interval', () => {
    const base = { price: '12.00', currency: 'EUR' };
    expect(
      readChargeTerms({ ...base, '3ds': '1', recurring: 1, recurring_interval: '30' }),
    ).toEqual({
      ok: true,
      value: {
        priceMinor: 1200n,
        currency: 'EUR',
        threeDs: true,
        remember: false,
        verifyCard: false,
        recurring: true,
        recurringInterval: 30,
      },
    });
    expect(readChargeTerms({ price: '0', currency: 'EUR', verify_card: 1 }).ok).toBe(true);
    expect(readChargeTerms({ price: '0', currency: 'EUR' })).toEqual(
      refused('price must be greater than zero'),
    );
    expect(readChargeTerms({ ...base, recurring: '1' })).toEqual(
      refused('recurring_interval is required when recurring is 1'),
    );
    expect(readChargeTerms({ ...base, recurring: 'yes', '3ds': 'no' })).toEqual(
      refused('recurring must be 1 or 0'),
    );
  });
});
