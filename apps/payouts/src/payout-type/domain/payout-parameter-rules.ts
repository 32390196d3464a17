import { issuerOfBin } from '@opp/card-bins';
import { FORMAT_HINTS, matchesFormat, type ParameterFormat } from './parameter-formats';
import { isBin, isIban, isWalletId } from './payout-accounts';
import type { PayoutType } from './payout-types';

/** A Payout-parameter-control object of the spec; `type` is the parameter's format. */
export interface ParameterControl {
  name: string;
  type: ParameterFormat;
  label: string;
  required: boolean;
}

/**
 * A payout the rules refuse: a missing parameter (40016), a malformed value (40017) or a card
 * number that fails the Luhn check (40004).
 */
export class PayoutRuleViolation extends Error {
  override readonly name = 'PayoutRuleViolation';

  constructor(
    readonly kind: 'missing' | 'invalid' | 'card-invalid',
    readonly parameter: string,
    message: string,
  ) {
    super(message);
  }
}

const control = (name: string, type: ParameterFormat, label: string, required = true) => ({
  name,
  type,
  label,
  required,
});

/** Countries where a card payout is domestic to the EEA (no cross-border identity data needed). */
const EEA = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IS IE IT LV LI LT LU MT NL NO PL PT RO SK SI ES SE'.split(
    ' ',
  ),
);

/** What the account says about the payout: for a card, the BIN's country; null when unknown. */
export interface PayoutAccount {
  kind: 'card-number' | 'card-token' | 'account';
  /** The BIN for a card number, empty for a card token, else the whole account. */
  value: string;
}

/**
 * The parameters a payout needs, by type, account and currency (ADR 0011):
 * - `credit_card`: `cardHolder` and `cardExpirationDate` (MM/YY); a card issued outside the EEA
 *   (by its BIN's country) also needs the beneficiary's name and `birthDate` (d.m.Y). A card token
 *   has no BIN here, so it is treated as issued outside the EEA (the stricter set).
 * - `sepa`: EUR only; the account is an IBAN; the beneficiary's name and `receiverBankBIC`.
 * - `e_wallet`: `fullName`; outside EUR also `phone`.
 * Every type takes an optional `description`.
 */
export function parameterControls(
  type: PayoutType,
  account: PayoutAccount,
  currency: string,
): ParameterControl[] {
  checkAccount(type, account);
  const controls: ParameterControl[] = [];
  switch (type.key) {
    case 'credit_card': {
      controls.push(control('cardHolder', 'text', 'Cardholder'));
      controls.push(control('cardExpirationDate', 'card-expiration', 'Card expiry (MM/YY)'));
      const country = account.kind === 'card-token' ? null : issuerOfBin(account.value).country;
      if (country === null || !EEA.has(country)) {
        controls.push(control('beneficiaryFirstName', 'text', 'Beneficiary first name'));
        controls.push(control('beneficiaryLastName', 'text', 'Beneficiary last name'));
        controls.push(control('birthDate', 'date', 'Date of birth (d.m.Y)'));
      }
      break;
    }
    case 'sepa':
      if (currency !== 'EUR') {
        throw new PayoutRuleViolation('invalid', 'currency', 'currency: SEPA payouts are in EUR');
      }
      controls.push(control('beneficiaryFirstName', 'text', 'Beneficiary first name'));
      controls.push(control('beneficiaryLastName', 'text', 'Beneficiary last name'));
      controls.push(control('receiverBankBIC', 'bic', 'Receiver bank BIC/SWIFT'));
      break;
    case 'e_wallet':
      controls.push(control('fullName', 'text', 'Wallet holder full name'));
      if (currency !== 'EUR') controls.push(control('phone', 'phone', 'Wallet holder phone'));
      break;
  }
  controls.push(control('description', 'text', 'Payout description', false));
  return controls;
}

/** Every required parameter present, every given one well formed; the first problem is thrown. */
export function checkPayoutParameters(
  controls: ParameterControl[],
  parameters: Record<string, string>,
): void {
  for (const c of controls) {
    const value = parameters[c.name]?.trim();
    if (value === undefined || value === '') {
      if (c.required) {
        throw new PayoutRuleViolation('missing', c.name, `${c.name} is required for this payout`);
      }
      continue;
    }
    if (!matchesFormat(c.type, value)) {
      throw new PayoutRuleViolation('invalid', c.name, `${c.name} must be ${FORMAT_HINTS[c.type]}`);
    }
  }
}

function checkAccount(type: PayoutType, account: PayoutAccount): void {
  const { kind, value } = account;
  if (type.key === 'credit_card') {
    if (kind === 'card-token') return;
    // GET /payout-parameters sends the BIN itself as the account (6 digits).
    if (isBin(value)) return;
    // The gateway passes Luhn-valid numbers as `card-number`: a long digit run here failed Luhn.
    if (/^\d{13,19}$/.test(value)) {
      throw new PayoutRuleViolation('card-invalid', 'account', 'Card number invalid');
    }
    throw new PayoutRuleViolation('invalid', 'account', 'account: a card number is expected');
  }
  if (kind !== 'account') {
    throw new PayoutRuleViolation('invalid', 'account', `account: not a ${type.key} account`);
  }
  if (type.key === 'sepa' && !isIban(value)) {
    throw new PayoutRuleViolation('invalid', 'account', 'account: an IBAN is expected');
  }
  if (type.key === 'e_wallet' && !isWalletId(value)) {
    throw new PayoutRuleViolation('invalid', 'account', 'account: a wallet id is expected');
  }
}
