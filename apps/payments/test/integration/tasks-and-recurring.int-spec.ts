import { randomUUID } from 'node:crypto';
import {
  GetUserV1Request,
  PaymentsTaskCommandV1Message,
  ProcessChargeV1Request,
  ResolveUserV1Request,
  Topics,
  type MessageEnvelope,
  type TaskResultV1,
  type TaskResultV2,
} from '@opp/contracts';
import { newEnvelope } from '@opp/messaging';
import { eventually } from '@opp/testing';
import {
  cardData,
  devHostedPageKeys,
  sealCardFor,
  sealedCardData,
  errorCodeOf,
  PaymentsHarness,
  valueOf,
} from './payments-harness';

/**
 * The task protocol for payments' functions (ADR 0005), and what users-recurring keeps of users.
 */
describe('payments: processing tasks; users-recurring: users and subscriptions', () => {
  let h: PaymentsHarness;
  let project: number;
  let results: MessageEnvelope[];

  beforeAll(async () => {
    h = await PaymentsHarness.start('payments tasks', ['payments', 'users-recurring']);
    project = await h.createProject({ recurringMinDays: 3, recurringMonths: 6 });
    results = await h.collect(Topics.taskResults);
  });

  afterAll(async () => {
    await h?.stop();
  });

  const taskCommand = (fn: string, payload: Record<string, unknown>, taskId = randomUUID()) =>
    newEnvelope(PaymentsTaskCommandV1Message, taskId, {
      taskId,
      globalId: randomUUID(),
      function: fn as 'card.payment',
      projectId: project,
      partnerIdentifier: 'partner-1',
      payload,
    });
  const send = (...envelopes: MessageEnvelope[]) =>
    h.producer.publish(
      envelopes.map((envelope) => ({ topic: Topics.paymentsTaskCommands, envelope })),
    );
  // Transaction tasks answer v2 (ADR 0031), the others and refusals v1: both read as one shape.
  const resultsOf = (taskId: string) =>
    results
      .map((r) => r.payload as TaskResultV1 & Partial<TaskResultV2>)
      .filter((r) => r.taskId === taskId);
  const payment = (number: string, extra: Record<string, unknown> = {}) => ({
    user: 'u-7',
    // As the gateway hands it on: the partner's card object sealed for payments.
    sealed_card: sealCardFor(project, {
      number,
      expiration_month: '12',
      expiration_year: cardData(number).expirationYear,
      security_code: '737',
    }),
    price: 12.5,
    currency: 'EUR',
    description: 'task charge',
    order_id: `task-order-${randomUUID()}`,
    ...extra,
  });

  it('runs card.payment once for a task delivered twice, answering each delivery', async () => {
    const command = taskCommand(
      'card.payment',
      payment('4242424242424242', { attr_campaign: 'c1' }),
    );
    const redelivery = { ...command, id: randomUUID() };
    await send(command, command, redelivery);
    await eventually(() => resultsOf(command.payload.taskId).length >= 2, 'two task results');
    const answers = resultsOf(command.payload.taskId);
    expect(answers.every((r) => r.outcome === 'SUCCESS')).toBe(true);
    // Answered in domain terms, the one transaction each time (ADR 0031: the gateway renders it).
    expect(answers[0].transaction?.record.id).toEqual(expect.any(Number));
    expect(new Set(answers.map((r) => r.transaction?.record.id)).size).toBe(1);
    expect(answers[0].transaction).toMatchObject({
      operation: 'charge',
      record: {
        status: 'completed',
        priceMinor: '1250',
        currency: 'EUR',
        user: { id: 'u-7', identifier: 'u-7' },
      },
    });
    const rows = await h.sql('SELECT attributes FROM transactions WHERE idempotency_key = $1', [
      command.payload.taskId,
    ]);
    expect(rows).toEqual([{ attributes: { attr_campaign: 'c1' } }]);
  });

  it('waits for 3-D Secure with a redirect, then finishes through card.authenticate', async () => {
    const pay = taskCommand(
      'card.payment',
      payment('4000000000003220', { acs_return_url: 'https://p.example/back' }),
    );
    await send(pay);
    await eventually(() => resultsOf(pay.payload.taskId).length === 1, 'the WAITING result');
    const waiting = resultsOf(pay.payload.taskId)[0];
    // The challenge in domain terms, without a URL: the gateway builds the redirect (ADR 0031).
    expect(waiting).toMatchObject({
      outcome: 'WAITING',
      transaction: { operation: 'charge', record: { status: 'authenticating' } },
    });
    expect(waiting).not.toHaveProperty('interactive');
    const md = waiting.transaction?.record.threeDs?.md ?? '';
    expect(md).not.toBe('');
    const auth = taskCommand('card.authenticate', {
      MD: md,
      PaRes: devHostedPageKeys.encrypt(JSON.stringify({ md, status: 'Y' })),
    });
    await send(auth);
    await eventually(() => resultsOf(auth.payload.taskId).length === 1, 'the authenticate result');
    expect(resultsOf(auth.payload.taskId)[0]).toMatchObject({
      outcome: 'SUCCESS',
      transaction: { operation: 'authenticate', record: { status: 'completed' } },
    });
    await eventually(() => resultsOf(pay.payload.taskId).length === 2, 'the follow-up result');
    expect(resultsOf(pay.payload.taskId)[1]).toMatchObject({
      outcome: 'SUCCESS',
      transaction: { operation: 'charge', record: { status: 'completed' } },
    });
  });

  it('answers transaction.status with the transaction in domain terms, and FAIL for a bad payload', async () => {
    const orderId = `status-${randomUUID()}`;
    const pay = taskCommand('card.payment', payment('4000000000000002', { order_id: orderId }));
    await send(pay);
    await eventually(() => resultsOf(pay.payload.taskId).length === 1, 'the payment result');
    expect(resultsOf(pay.payload.taskId)[0]).toMatchObject({
      outcome: 'FAIL',
      reason: 'card declined',
    });
    const status = taskCommand('transaction.status', { order_id: orderId });
    const bad = taskCommand('card.payment', { price: '1' });
    await send(status, bad);
    await eventually(
      () =>
        resultsOf(bad.payload.taskId).length === 1 && resultsOf(status.payload.taskId).length === 1,
      'both results',
    );
    expect(resultsOf(status.payload.taskId)[0]).toMatchObject({
      outcome: 'SUCCESS',
      transaction: {
        operation: 'status',
        record: { orderId, status: 'failed', originalStatus: 'failed', priceMinor: '1250' },
      },
    });
    expect(resultsOf(bad.payload.taskId)[0]).toMatchObject({
      outcome: 'FAIL',
      data: { error: { code: 40017 } },
    });
  });

  it('gets a resolved user by id; 40406 for an unknown one or another project', async () => {
    const resolved = valueOf(
      await h.request(ResolveUserV1Request, {
        projectId: project,
        identifier: 'ext-1',
        ip: '10.0.0.1',
        email: 'e@x.io',
      }),
    );
    const user = valueOf(
      await h.request(GetUserV1Request, { projectId: project, userId: resolved.id }),
    );
    expect(user).toMatchObject({
      id: resolved.id,
      identifier: 'ext-1',
      email: 'e@x.io',
      ip: '10.0.0.1',
    });
    expect(
      errorCodeOf(await h.request(GetUserV1Request, { projectId: project, userId: '999999' })),
    ).toBe(40406);
    expect(
      errorCodeOf(
        await h.request(GetUserV1Request, { projectId: project + 100, userId: resolved.id }),
      ),
    ).toBe(40406);
  });

  it('subscribes a user on a recurring charge: recurring object and a stored subscription', async () => {
    const before = Date.now();
    const charge = valueOf(
      await h.request(
        ProcessChargeV1Request,
        h.chargeCommand(project, {
          user: { id: '77', identifier: 'sub-user' },
          sealedCard: sealedCardData(project, '5555555555554444'),
          price: '19.90',
          recurring: true,
          recurringInterval: 30,
          recurringTrial: 7,
        }),
      ),
    );
    expect(charge).toMatchObject({
      status: 'completed',
      permanentTokenId: null,
      recurring: { frequency: 3 },
    });
    const endsAt = new Date(charge.recurring!.endsAt);
    const sixMonths = new Date(before);
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    expect(Math.abs(endsAt.getTime() - sixMonths.getTime())).toBeLessThan(60_000);
    await eventually(
      async () =>
        (await h.sql('SELECT 1 FROM subscriptions WHERE user_id = $1', ['77'], 'users-recurring'))
          .length === 1,
      'the subscription in users-recurring',
    );
    const [subscription] = await h.sql(
      'SELECT * FROM subscriptions WHERE user_id = $1',
      ['77'],
      'users-recurring',
    );
    expect(subscription).toMatchObject({
      project_id: project,
      transaction_id: String(charge.id),
      interval_days: 30,
      trial_days: 7,
      price: '19.90',
      currency: 'EUR',
      frequency_days: 3,
      card_token_id: expect.any(String),
    });
    const [token] = await h.sql('SELECT kind FROM card_tokens WHERE id = $1', [
      subscription.card_token_id,
    ]);
    expect(token).toEqual({ kind: 'permanent' });
  });
});
