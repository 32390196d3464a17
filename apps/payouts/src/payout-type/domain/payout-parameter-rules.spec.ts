import {
  checkPayoutParameters,
  parameterControls,
  PayoutRuleViolation,
} from './payout-parameter-rules';
import { payoutTypeById } from './payout-types';

const card = payoutTypeById(1)!;
const sepa = payoutTypeById(2)!;
const wallet = payoutTypeById(3)!;
const names = (controls: { name: string; required: boolean }[]) =>
  controls.filter((c) => c.required).map((c) => c.name);

describe('payout parameter rules (ADR 0011)', () => {
  it('asks cards issued in the EEA for the holder and expiry only', () => {
    expect(names(parameterControls(card, { kind: 'card-number', value: '520000' }, 'EUR'))).toEqual(
      ['cardHolder', 'cardExpirationDate'],
    );
  });

  it('asks cards issued outside the EEA (by BIN country) for identity data too', () => {
    expect(names(parameterControls(card, { kind: 'account', value: '424242' }, 'EUR'))).toEqual([
      'cardHolder',
      'cardExpirationDate',
      'beneficiaryFirstName',
      'beneficiaryLastName',
      'birthDate',
    ]);
  });

  it('refuses SEPA outside EUR and a bad IBAN', () => {
    const iban = { kind: 'account' as const, value: 'DE89370400440532013000' };
    expect(() => parameterControls(sepa, iban, 'USD')).toThrow(/EUR/);
    expect(() => parameterControls(sepa, { kind: 'account', value: 'DE00123' }, 'EUR')).toThrow(
      /IBAN/,
    );
    expect(names(parameterControls(sepa, iban, 'EUR'))).toContain('receiverBankBIC');
  });

  it('asks e-wallets outside EUR for a phone', () => {
    const account = { kind: 'account' as const, value: 'wallet-77' };
    expect(names(parameterControls(wallet, account, 'EUR'))).toEqual(['fullName']);
    expect(names(parameterControls(wallet, account, 'USD'))).toEqual(['fullName', 'phone']);
  });

  it('names the first missing parameter and checks formats', () => {
    const controls = parameterControls(card, { kind: 'card-number', value: '424242' }, 'EUR');
    const given = {
      cardHolder: 'A B',
      cardExpirationDate: '12/29',
      beneficiaryFirstName: 'A',
      beneficiaryLastName: 'B',
    };
    expect(() => checkPayoutParameters(controls, given)).toThrow(
      expect.objectContaining({ kind: 'missing', parameter: 'birthDate' }),
    );
    expect(() => checkPayoutParameters(controls, { ...given, birthDate: '1990-01-31' })).toThrow(
      expect.objectContaining({ kind: 'invalid', parameter: 'birthDate' }),
    );
    expect(() => checkPayoutParameters(controls, { ...given, birthDate: '31.02.1990' })).toThrow(
      PayoutRuleViolation,
    );
    expect(() =>
      checkPayoutParameters(controls, {
        ...given,
        birthDate: '31.01.1990',
        cardExpirationDate: '13/29',
      }),
    ).toThrow(expect.objectContaining({ parameter: 'cardExpirationDate' }));
    expect(() =>
      checkPayoutParameters(controls, { ...given, birthDate: '31.01.1990' }),
    ).not.toThrow();
  });
});
