import { recordFixture } from '../../../test/support/transaction-record.fixture';
import { toWalletTransactionResponse } from './wallet-responses';

describe('wallet answer rendered from the payments record', () => {
  it('renders POST /transaction/create: id as text, amount as a number (ADR 0008)', () => {
    const record = recordFixture({ method: 'e_wallet', card: null, status: 'opened' });
    expect(JSON.stringify(toWalletTransactionResponse(record))).toBe(
      '{"id":"7","amount":10.5,"currency":"EUR","status":"opened"}',
    );
    const kwd = recordFixture({ priceMinor: '1234', currency: 'KWD', status: 'opened' });
    expect(JSON.stringify(toWalletTransactionResponse(kwd))).toBe(
      '{"id":"7","amount":1.234,"currency":"KWD","status":"opened"}',
    );
  });
});
