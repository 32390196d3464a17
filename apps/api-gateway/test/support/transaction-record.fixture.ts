import type { TransactionRecordV1 } from '@opp/contracts';

/** A payments record as the renderers' specs start from. */
export function recordFixture(overrides: Partial<TransactionRecordV1> = {}): TransactionRecordV1 {
  return {
    id: 7,
    orderId: 'order-1',
    referenceId: null,
    type: 'payment',
    method: 'card',
    status: 'completed',
    originalStatus: 'completed',
    reason: null,
    priceMinor: '1050',
    feeMinor: '55',
    currency: 'EUR',
    card: {
      lastFour: '4242',
      mask: '************4242',
      type: 'visa',
      scheme: 'visa',
      expirationMonth: 12,
      expirationYear: 2030,
    },
    user: { id: '42', identifier: 'u-42' },
    permanentTokenId: null,
    recurring: null,
    threeDs: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:06.000Z',
    ...overrides,
  };
}

export const CARD_JSON =
  '{"lastFour":"4242","mask":"************4242","type":"visa","scheme":"visa","expirationMonth":12,"expirationYear":2030}';
export const USER_JSON = '{"id":"42","identifier":"u-42"}';
