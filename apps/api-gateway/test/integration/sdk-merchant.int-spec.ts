import {
  ErrorCode,
  MerchantClient,
  OppApiError,
  type MerchantClientOptions,
  type PaymentResponse,
} from '@opp/sdk';
import { CaptureServer, eventually, formFields, type CapturedRequest } from '@opp/testing';
import { openCardSession, type CardSession } from '../support/card-session';

/**
 * The published SDK (packages/sdk) against the real gateway, through its typed calls: what a
 * merchant integration does, so a drift between the SDK's types, signing or encoding and the
 * gateway fails here.
 */
describe('the SDK merchant client against the gateway', () => {
  let session: CardSession;
  let endpoint: CaptureServer;
  let keys: MerchantClientOptions;
  let sdk: MerchantClient;
  let user: string;
  let paid: PaymentResponse;

  beforeAll(async () => {
    endpoint = await CaptureServer.start();
    session = await openCardSession('sdk merchant', {
      moreServices: ['notifier'],
      project: { callbackUrl: endpoint.url('/callbacks') },
    });
    const { publicKey, privateKey } = session.merchant.keys;
    keys = { baseUrl: session.gateway, publicKey, privateKey };
    sdk = new MerchantClient(keys);
    ({ id: user } = await sdk.resolveUser({ identifier: 'sdk-buyer', ip: '203.0.113.77' }));
  });

  afterAll(async () => {
    await session?.stack.stop();
    await endpoint?.stop();
  });

  const tokenize = async (number: string) => (await sdk.getToken(session.cardOf(number))).id;

  it('charges a tokenized card by JSON, a number price sent as PHP renders it', async () => {
    const token = await sdk.getToken(session.cardOf('4242424242424242'));
    expect(token.card).toMatchObject({ lastFour: '4242', expirationMonth: 12 });
    const orderId = session.nextOrder();
    paid = await sdk.processCard({
      user,
      card_token: token.id,
      price: 0.1 + 0.2,
      currency: 'EUR',
      description: 'SDK order',
      order_id: orderId,
      attr_channel: 'sdk',
    });
    expect(paid).toMatchObject({
      success: true,
      status: 'completed',
      orderId,
      price: '0.30',
      currency: 'EUR',
      user: expect.objectContaining({ id: user }),
      card: expect.objectContaining({ lastFour: '4242' }),
    });
    expect(typeof paid.id).toBe('number');
  });

  it('charges card data sent as form fields, nested as card[number]', async () => {
    const viaForm = new MerchantClient({ ...keys, encoding: 'form' });
    const payment = await viaForm.processCard({
      user,
      card: session.cardOf('5555555555554444'),
      price: 12,
      currency: 'EUR',
      description: 'SDK form order',
      order_id: session.nextOrder(),
    });
    expect(payment).toMatchObject({ success: true, status: 'completed', price: '12.00' });
  });

  it('queries the payment by id, by order_id, by its signed path id, in the list, and the balance', async () => {
    // The payment was made with an order id, so the answer carries it (the type allows null).
    const orderId = paid.orderId!;
    const byId = await sdk.transactionStatus({ id: paid.id });
    expect(byId).toMatchObject({ id: paid.id, order_id: paid.orderId, status: 'completed' });
    expect(await sdk.transactionStatus({ order_id: orderId })).toEqual(byId);
    expect(await sdk.transaction(paid.id)).toMatchObject({
      id: paid.id,
      orderId: paid.orderId,
      originalStatus: 'completed',
      user: expect.objectContaining({ id: user }),
    });
    const list = await sdk.transactions({ orderId, limit: 10 });
    expect(list.transactions.map((t) => t.id)).toEqual([paid.id]);
    const balance = await sdk.balance('EUR');
    expect(balance).toMatchObject({ currency: 'EUR', amount: expect.stringMatching(/^\d+\.\d+$/) });
  });

  it('returns a decline as an answer, not an error', async () => {
    const declined = await sdk.processCard({
      user,
      card_token: await tokenize('4000000000000002'),
      price: '5.00',
      currency: 'EUR',
      description: 'SDK decline',
    });
    expect(declined).toMatchObject({ success: false, status: 'failed' });
  });

  it('authenticates a 3-D Secure challenge', async () => {
    const challenged = await sdk.processCard({
      user,
      card_token: await tokenize('4000000000003220'),
      price: '7.00',
      currency: 'EUR',
      description: 'SDK 3-D Secure',
      acs_return_url: 'https://shop.example/3ds-return',
    });
    expect(challenged.status).toBe('authenticating');
    const done = await sdk.authenticate(await session.passChallenge(challenged.acs!, '3ds-pass'));
    expect(done).toMatchObject({ id: challenged.id, success: true });
    expect((await sdk.transactionStatus({ id: challenged.id })).status).toBe('completed');
  });

  it('throws OppApiError carrying the spec code of each refusal', async () => {
    const refusal = (call: () => Promise<unknown>) =>
      call()
        .then(() => undefined)
        .catch((e: unknown) => e);
    const charge = { user, price: '1.00', currency: 'EUR', description: 'SDK refusal' };
    const used = await tokenize('4242424242424242');
    await sdk.processCard({ ...charge, card_token: used, order_id: session.nextOrder() });
    // Each refused call differs from every earlier one: an identical signed request is a replay.
    const cases: [() => Promise<unknown>, number][] = [
      [
        () => sdk.processCard({ ...charge, card_token: used, order_id: session.nextOrder() }),
        ErrorCode.CardTokenAlreadyUsed,
      ],
      [
        async () => sdk.processCard({ ...charge, card_token: await tokenize('4100000000000019') }),
        ErrorCode.CardBlocked,
      ],
      [() => sdk.transaction(999_999_999), ErrorCode.TransactionNotFound],
      [
        () => new MerchantClient({ ...keys, privateKey: 'sk_wrong' }).balance(),
        ErrorCode.SignatureInvalid,
      ],
    ];
    for (const [call, code] of cases) {
      const error = await refusal(call);
      expect(error).toBeInstanceOf(OppApiError);
      expect(error).toMatchObject({ code, status: Math.floor(code / 100) });
    }
  });

  it('verifies the signed callback of the payment from its raw form body', async () => {
    let callback: CapturedRequest | undefined;
    await eventually(() => {
      callback = endpoint
        .requests('/callbacks')
        .find((r) => formFields(r.body).order_id === paid.orderId);
      return callback !== undefined;
    }, 'the callback of the SDK payment');
    expect(sdk.parseCallback(callback!.body)).toMatchObject({
      id: String(paid.id),
      order_id: paid.orderId,
      status: 'completed',
      attr_channel: 'sdk',
    });
    expect(sdk.verifyCallback(callback!.body.replace('completed', 'failed'))).toBe(false);
    expect(
      new MerchantClient({ ...keys, privateKey: 'sk_wrong' }).verifyCallback(callback!.body),
    ).toBe(false);
  });
});
