/** The sandbox's approving test card as /v1/card/process takes it (a charge that completes). */
export const SANDBOX_CARD = {
  number: '4242424242424242',
  expiration_month: '12',
  expiration_year: '2031',
  security_code: '123',
} as const;
