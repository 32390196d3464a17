/** The sandbox's approving test card as /v1/card/process takes it (a charge that completes). */
export const SANDBOX_CARD = {
  number: '4242424242424242',
  expiration_month: '12',
  expiration_year: '2031',
  security_code: '123',
} as const;

/** The sandbox acquirer's declining test cards, each with the reason it declines (ADR 0006). */
export const SANDBOX_DECLINES: ReadonlyArray<readonly [number: string, reason: string]> = [
  ['4000000000000002', 'card declined'],
  ['4000000000009995', 'insufficient funds'],
  ['4000000000000069', 'expired card'],
  ['4000000000000127', 'incorrect security code'],
  ['4000000000009987', 'lost card'],
  ['4000000000009979', 'stolen card'],
];
