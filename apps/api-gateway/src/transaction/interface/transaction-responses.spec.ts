import {
  CARD_JSON,
  recordFixture,
  USER_JSON,
} from '../../../test/support/transaction-record.fixture';
import {
  toReversalResponse,
  toTransactionResponse,
  toTransactionStatusResponse,
} from './transaction-responses';

describe('transaction answers rendered from the payments record', () => {
  it('renders GET /transaction/status in snake_case, decimal(12,2) price and decimal(12,4) fee', () => {
    expect(JSON.stringify(toTransactionStatusResponse(recordFixture()))).toBe(
      '{"id":7,"order_id":"order-1","price":"10.50","fee":"0.5500","currency":"EUR","type":"payment",' +
        '"status":"completed","original_status":"completed","created_at":"2026-01-02T03:04:05.000Z",' +
        '"updated_at":"2026-01-02T03:04:06.000Z"}',
    );
  });

  it('renders the Transaction resource, a wallet one without card', () => {
    const record = recordFixture({
      method: 'e_wallet',
      card: null,
      status: 'failed',
      reason: 'cancelled',
      priceMinor: '1234',
      feeMinor: '0',
      currency: 'KWD',
    });
    expect(JSON.stringify(toTransactionResponse(record))).toBe(
      '{"id":7,"orderId":"order-1","referenceId":null,"price":"1.234","fee":"0.0000","currency":"KWD",' +
        '"type":"payment","method":"e_wallet","status":"failed","originalStatus":"completed",' +
        '"createdAt":"2026-01-02T03:04:05.000Z","updatedAt":"2026-01-02T03:04:06.000Z",' +
        `"reason":"cancelled","user":${USER_JSON},"card":null}`,
    );
  });

  it('renders POST /transaction/reverse: the reversal, success, fee after status', () => {
    const record = recordFixture({
      type: 'refund',
      referenceId: 6,
      priceMinor: '500',
      feeMinor: '0',
      currency: 'JPY',
      reason: 'returned',
    });
    expect(JSON.stringify(toReversalResponse(record))).toBe(
      '{"success":true,"id":7,"orderId":"order-1","referenceId":6,"price":"500.00","currency":"JPY",' +
        `"type":"refund","status":"completed","fee":"0.0000","card":${CARD_JSON},"user":${USER_JSON},` +
        '"createdAt":"2026-01-02T03:04:05.000Z","updatedAt":"2026-01-02T03:04:06.000Z"}',
    );
  });
});
