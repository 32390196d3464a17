/**
 * Reverses (refunds) a payment: a charge of 25.00, a partial reversal of 10.00 and one of the rest.
 * Each reversal is a transaction of its own (type refund) pointing at the payment by referenceId,
 * and the payment's status becomes `refunded`. Reversals add up to the payment's price, never
 * beyond: one more cent is refused with 405 40504.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode, OppApiError } from '@opp/sdk';
import { runExample, say } from './support/run-example';
import { merchantFromEnv } from './support/sandbox-merchant';
import { SANDBOX_EXPIRY } from './support/settings';

runExample(async () => {
  const merchant = await merchantFromEnv('Reversal example');
  const user = await merchant.resolveUser({ identifier: 'buyer-3003', ip: '203.0.113.9' });

  // Card data may also go straight to card/process (the SDK signs every leaf, card[number] too).
  const orderId = `order-${randomUUID()}`;
  const payment = await merchant.processCard({
    user: user.id,
    card: {
      number: '5555555555554444',
      expiration_month: SANDBOX_EXPIRY.month,
      expiration_year: SANDBOX_EXPIRY.year,
      security_code: '123',
    },
    price: '25.00',
    currency: 'EUR',
    description: 'Order 3003',
    order_id: orderId,
  });
  say(`payment ${payment.id}: ${payment.price} ${payment.currency}, status ${payment.status}`);

  const partial = await merchant.reverse({ id: payment.id, amount: '10.00', comment: 'one item' });
  say(
    `reversal ${partial.id} of payment ${partial.referenceId}: ${partial.price}, ${partial.status}`,
  );

  // By order_id works as well as by id.
  const rest = await merchant.reverse({ order_id: orderId, amount: '15.00' });
  say(`reversal ${rest.id} of payment ${rest.referenceId}: ${rest.price}, ${rest.status}`);

  const status = await merchant.transactionStatus({ id: payment.id });
  say(`payment ${payment.id}: status ${status.status} (was ${status.original_status})`);
  if (status.status !== 'refunded') throw new Error(`expected refunded, got ${status.status}`);

  try {
    await merchant.reverse({ id: payment.id, amount: '0.01' });
    throw new Error('a reversal beyond the price was accepted');
  } catch (error) {
    if (!(error instanceof OppApiError && error.code === ErrorCode.TransactionNotReversible)) {
      throw error;
    }
    say(`one more cent refused: ${error.status} ${error.code} ${error.apiMessage}`);
  }
});
