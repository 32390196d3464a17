const FUTURE_YEAR = String(new Date().getUTCFullYear() + 3);

/** Valid IBANs (mod 97) whose last digits pick the sandbox rail's outcome (ADR 0011). */
export const SANDBOX_IBANS = {
  completed: 'DE89370400440532013000',
  failed: 'DE70500105170000000002',
  cancelled: 'DE43500105170000000003',
};

/** What a SEPA payout needs besides its IBAN: the beneficiary and the bank (ADR 0011). */
export const SEPA_PAYOUT_PARAMETERS = {
  beneficiaryFirstName: 'Ada',
  beneficiaryLastName: 'Lovelace',
  receiverBankBIC: 'DEUTDEFF',
};

/** A SEPA payout (type 2) in EUR that the sandbox rail completes; its amount is the caller's. */
export const SANDBOX_SEPA_PAYOUT = {
  type: 2,
  account: SANDBOX_IBANS.completed,
  currency: 'EUR',
  ...SEPA_PAYOUT_PARAMETERS,
};

/** Parameters that satisfy every rule of a card payout (ADR 0011), whatever the BIN's country. */
export const CARD_PAYOUT_PARAMETERS = {
  cardHolder: 'Ada Lovelace',
  cardExpirationDate: `12/${FUTURE_YEAR.slice(2)}`,
  beneficiaryFirstName: 'Ada',
  beneficiaryLastName: 'Lovelace',
  birthDate: '10.12.1985',
};
