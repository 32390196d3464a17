/**
 * Charges a sandbox card: the buyer as a user, the card as a one-time token, the payment, then its
 * status read back. Card 4242 4242 4242 4242 is approved in the sandbox (ADR 0006).
 */
import { randomUUID } from 'node:crypto';
import { runExample, say } from './support/run-example';
import { merchantFromEnv } from './support/sandbox-merchant';
import { SANDBOX_EXPIRY } from './support/settings';

runExample(async () => {
  const merchant = await merchantFromEnv('Charge example');

  // The buyer, by your own identifier for them; the same identifier resolves to the same user.
  const user = await merchant.resolveUser({ identifier: 'buyer-1001', ip: '203.0.113.7' });

  // Card data goes to getToken only; the token is valid for one payment within 10 minutes.
  const token = await merchant.getToken({
    number: '4242424242424242',
    expiration_month: SANDBOX_EXPIRY.month,
    expiration_year: SANDBOX_EXPIRY.year,
    security_code: '123',
  });
  say(`card token for ${token.card.mask}`);

  // One order_id names at most one live payment: repeating this call cannot charge twice.
  const orderId = `order-${randomUUID()}`;
  const payment = await merchant.processCard({
    user: user.id,
    card_token: token.id,
    price: '19.90',
    currency: 'EUR',
    description: 'Order 1001',
    order_id: orderId,
  });
  say(`payment ${payment.id}: ${payment.price} ${payment.currency}, status ${payment.status}`);
  if (payment.status !== 'completed') throw new Error(`expected completed, got ${payment.status}`);

  const status = await merchant.transactionStatus({ order_id: orderId });
  say(`status of order ${orderId}: ${status.status}`);
});
