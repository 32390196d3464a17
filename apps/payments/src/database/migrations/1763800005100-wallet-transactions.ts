import type { MigrationInterface, QueryRunner } from 'typeorm';

const WALLET_METHODS = `('e_wallet', 'mobile_wallet', 'online_banking', 'bank_transfer',
  'prepaid_voucher', 'qr_payment', 'crypto_wallet')`;

/**
 * ADR 0008: wallet-type transactions live beside card charges. They have no card, so `card_id`
 * and `card_view` become nullable, but only for rows of a wallet method (every other row keeps its
 * card); a wallet row carries its checkout (method details and the two return URLs) instead.
 */
export class WalletTransactions1763800005100 implements MigrationInterface {
  name = 'WalletTransactions1763800005100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE transactions
        ALTER COLUMN card_id DROP NOT NULL,
        ALTER COLUMN card_view DROP NOT NULL,
        ADD COLUMN checkout jsonb`);
    await q.query(`
      ALTER TABLE transactions ADD CONSTRAINT transactions_card_unless_wallet CHECK (
        (card_id IS NOT NULL AND card_view IS NOT NULL) OR method IN ${WALLET_METHODS})`);
    await q.query(`
      ALTER TABLE transactions ADD CONSTRAINT transactions_wallet_has_checkout CHECK (
        method NOT IN ${WALLET_METHODS} OR (card_id IS NULL AND checkout IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM transactions WHERE card_id IS NULL`);
    await q.query(`
      ALTER TABLE transactions
        DROP CONSTRAINT transactions_wallet_has_checkout,
        DROP CONSTRAINT transactions_card_unless_wallet,
        DROP COLUMN checkout,
        ALTER COLUMN card_id SET NOT NULL,
        ALTER COLUMN card_view SET NOT NULL`);
  }
}
