/**
 * A card that asks for 3-D Secure (4000 0000 0000 3220 in the sandbox, ADR 0006): the charge answers
 * `authenticating` with `acs`; the buyer's browser posts `acs.parameters` to `acs.url`, types the
 * password, and is sent back to `acs_return_url` with PaRes and MD; the merchant's server then
 * calls authenticate. The sandbox's access control server takes the password `3ds-pass` (ADR 0007);
 * the browser's part is played here with plain form posts.
 */
import { randomUUID } from 'node:crypto';
import { formAction, hiddenInputs, postForm } from './support/browser-form';
import { runExample, say } from './support/run-example';
import { merchantFromEnv } from './support/sandbox-merchant';
import { SANDBOX_EXPIRY } from './support/settings';

runExample(async () => {
  const merchant = await merchantFromEnv('3-D Secure example');
  const user = await merchant.resolveUser({ identifier: 'buyer-2002', ip: '203.0.113.8' });
  const token = await merchant.getToken({
    number: '4000000000003220',
    expiration_month: SANDBOX_EXPIRY.month,
    expiration_year: SANDBOX_EXPIRY.year,
    security_code: '123',
  });

  const payment = await merchant.processCard({
    user: user.id,
    card_token: token.id,
    price: '42.00',
    currency: 'EUR',
    description: 'Order 2002',
    order_id: `order-${randomUUID()}`,
    // Your page that receives PaRes and MD from the buyer's browser.
    acs_return_url: 'https://shop.example/3ds-return',
  });
  say(`payment ${payment.id}: status ${payment.status}`);
  if (!payment.acs) throw new Error(`expected a 3-D Secure challenge, got ${payment.status}`);

  // In the browser: a page of yours auto-posts acs.parameters to acs.url ...
  const challengePage = await postForm(payment.acs.url, payment.acs.parameters);
  say(`challenge page at ${payment.acs.url}`);
  // ... the buyer types the password and submits ...
  const submitUrl = formAction(challengePage, payment.acs.url);
  const returnPage = await postForm(submitUrl, {
    ...hiddenInputs(challengePage),
    password: '3ds-pass',
  });
  // ... and the answer page posts PaRes and MD to your acs_return_url.
  const { PaRes, MD } = hiddenInputs(returnPage);
  say(`back at ${formAction(returnPage, submitUrl)} with PaRes and MD`);

  // Your acs_return_url handler finishes the payment on the server.
  const authenticated = await merchant.authenticate({ PaRes, MD });
  const status = await merchant.transactionStatus({ id: authenticated.id });
  say(`payment ${status.id} after 3-D Secure: status ${status.status}`);
  if (status.status !== 'completed') throw new Error(`expected completed, got ${status.status}`);
});
