/**
 * A payout to a SEPA account, announced by a signed callback. The project needs money first, so
 * a card payment funds it; the payout reserves its amount from the available balance at once and
 * settles in the sandbox within 5 seconds (ADR 0011): `payout_completed`, or `payout_failed` /
 * `payout_cancelled` for accounts ending in 0002 / 0003. The callback goes to the project's
 * callback URL, here a small receiver started by this example.
 */
import { randomUUID } from 'node:crypto';
import { listen } from './support/http-receiver';
import { runExample, say } from './support/run-example';
import { newSandboxMerchant } from './support/sandbox-merchant';
import { SANDBOX_EXPIRY } from './support/settings';

const IBAN = 'DE89370400440532013000';
const BENEFICIARY: Record<string, string> = {
  beneficiaryFirstName: 'Ada',
  beneficiaryLastName: 'Lovelace',
  receiverBankBIC: 'DEUTDEFF',
};

runExample(async () => {
  // Callbacks are answered 200 once received; the signature is checked below, before acting.
  const receiver = await listen(() => 200);
  const { merchant } = await newSandboxMerchant({
    name: 'Payout example',
    callbackUrl: receiver.url('/opp/callbacks'),
  });

  const funding = await merchant.processCard({
    user: (await merchant.resolveUser({ identifier: 'buyer-4004', ip: '203.0.113.10' })).id,
    card: {
      number: '4242424242424242',
      expiration_month: SANDBOX_EXPIRY.month,
      expiration_year: SANDBOX_EXPIRY.year,
      security_code: '123',
    },
    price: '50.00',
    currency: 'EUR',
    description: 'Funds for the payout',
  });
  say(`funding payment ${funding.id}: ${funding.status}, fee ${funding.fee}`);
  say(`available: ${(await merchant.balance('EUR')).amount} EUR`);

  // Which fields a SEPA payout in EUR needs, as the platform describes them.
  const { types } = await merchant.payoutTypes();
  const sepa = types.find((type) => type.key === 'sepa');
  if (!sepa) throw new Error('no sepa payout type');
  const controls = await merchant.payoutParameters({
    type: sepa.id,
    account: IBAN,
    currency: 'EUR',
  });
  const required = controls.filter((control) => control.required).map((control) => control.name);
  say(`sepa (type ${sepa.id}) requires: ${required.join(', ')}`);
  const missing = required.filter((name) => !(name in BENEFICIARY) && name !== 'account');
  if (missing.length > 0) throw new Error(`this example does not fill ${missing.join(', ')}`);

  const payout = await merchant.payout({
    type: sepa.id,
    account: IBAN,
    amount: '20.00',
    currency: 'EUR',
    orderId: `payout-${randomUUID()}`,
    ...BENEFICIARY,
  });
  say(`payout ${payout.id}: ${payout.status}`);
  say(`available: ${(await merchant.balance('EUR')).amount} EUR`);

  const delivery = await receiver.next(
    `callback for payout ${payout.id}`,
    (request) => new URLSearchParams(request.rawBody).get('id') === String(payout.id),
  );
  // parseCallback throws OppSignatureError unless the private key signed these exact fields.
  const callback = merchant.parseCallback(delivery.rawBody);
  say(
    `callback verified: payout ${callback.id} ${callback.status}, ${callback.price} ${callback.currency}`,
  );
  await receiver.close();
  if (callback.status !== 'payout_completed') {
    throw new Error(`expected payout_completed, got ${callback.status}`);
  }
});
