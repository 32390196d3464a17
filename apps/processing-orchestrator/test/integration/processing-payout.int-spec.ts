import type { Stack } from '@opp/local-stack';
import {
  awaitProjectSnapshot,
  CARD_PAYOUT_PARAMETERS,
  eventually,
  findCardDataInStack,
  queryStackDb,
  SANDBOX_SEPA_PAYOUT,
  STACK_START_TIMEOUT_MS,
  startTestStack,
} from '@opp/testing';
import { newPartner, PartnerClient, taskStatuses } from '../support/partner-client';
import { TASK_CARD } from '../support/task-card';

/**
 * The `payout` task function (ADR 0005, ADR 0060): checked by payouts, reserved by payments,
 * settled by the sandbox rail, with the answer's fields as the task's data.
 */
describe('Task-Tree Processing API: payout tasks', () => {
  let stack: Stack;
  let partner: PartnerClient;
  let projectId: number;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'processing payouts',
      services: [
        'api-gateway',
        'processing-orchestrator',
        'payments',
        'users-recurring',
        'payouts',
      ],
    });
    const keys = await newPartner(stack, 'payout-partner', {
      settings: { feePercent: '0', feeFixed: '0' },
    });
    projectId = keys.projectId;
    await awaitProjectSnapshot(stack, 'payments', projectId);
    partner = new PartnerClient(stack.gatewayUrl!, keys);
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.stop();
  });

  const payout = (payload: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
    type: 'payout',
    payload,
    ...more,
  });

  /** How many payouts payments holds for the project. */
  const payoutCount = async () =>
    (
      await queryStackDb<{ n: string }>(
        stack,
        'payments',
        `SELECT count(*)::text AS n FROM payouts WHERE project_id = $1`,
        [projectId],
      )
    )[0].n;

  async function run(tasks: unknown[]) {
    const { status, data } = await partner.submit(partner.request(tasks));
    expect(status).toBe(200);
    return partner.finished(data.header.response.globalId, 60_000);
  }

  it('pays out the money a card payment brought in, in one tree', async () => {
    const response = await run([
      {
        type: 'card.payment',
        payload: {
          user: { identifier: 'payee-1', ip: '203.0.113.9' },
          card: TASK_CARD,
          price: '10.00',
          currency: 'EUR',
          description: 'Funds',
        },
        success: [payout({ ...SANDBOX_SEPA_PAYOUT, amount: '4.00', orderId: 'task-payout-1' })],
      },
    ]);
    expect(taskStatuses(response)).toEqual({ '0': 'SUCCESS', '0.success.0': 'SUCCESS' });
    const data = response.payload.tasks[0].success[0].data;
    expect(data).toEqual({ id: expect.any(Number), success: true, status: 'processing' });
    await eventually(
      async () =>
        (
          await queryStackDb(
            stack,
            'payments',
            `SELECT 1 FROM payouts WHERE id = $1 AND status = 'completed'`,
            [data.id],
          )
        ).length === 1,
      'the payout completed',
      30_000,
    );
    expect(await payoutCount()).toBe('1');
  });

  it('pays out to a card number the gateway sealed', async () => {
    const response = await run([
      payout({
        type: 1,
        account: '5555555555554444',
        amount: '1.00',
        currency: 'EUR',
        ...CARD_PAYOUT_PARAMETERS,
      }),
    ]);
    expect(taskStatuses(response)).toEqual({ '0': 'SUCCESS' });
    const [row] = await queryStackDb<{ account_display: string }>(
      stack,
      'payments',
      `SELECT account_display FROM payouts WHERE id = $1`,
      [response.payload.tasks[0].data.id],
    );
    expect(row.account_display).toBe('555555******4444');
  });

  it('pays out to a card number given through partner parameters, sealed on every hop', async () => {
    const tasks = [
      payout({
        type: 1,
        account: '${parameters.payee}',
        amount: '1.00',
        currency: 'EUR',
        ...CARD_PAYOUT_PARAMETERS,
      }),
    ];
    const request = partner.request(tasks, {}, { parameters: { payee: '5555555555554444' } });
    const { data } = await partner.submit(request);
    const response = await partner.finished(data.header.response.globalId, 60_000);
    expect(taskStatuses(response)).toEqual({ '0': 'SUCCESS' });
    const [row] = await queryStackDb<{ account_display: string; account_sealed: string }>(
      stack,
      'payments',
      `SELECT account_display, account_sealed FROM payouts WHERE id = $1`,
      [response.payload.tasks[0].data.id],
    );
    expect(row.account_display).toBe('555555******4444');
    // Kept as payments keeps every card payout account: a payout-account box, not the fragment.
    expect(row.account_sealed).toMatch(/^s1\./);
    expect(await findCardDataInStack(stack)).toEqual([]);
  });

  it('ends FAIL with the refusal: a missing parameter (40016), an amount above the balance (40313)', async () => {
    const missing = await run([
      payout({ ...SANDBOX_SEPA_PAYOUT, receiverBankBIC: undefined, amount: '1.00' }),
    ]);
    expect(missing.payload.tasks[0].result).toMatchObject({ status: 'FAIL' });
    expect(missing.payload.tasks[0].data).toMatchObject({ error: { code: 40016 } });
    const tooMuch = await run([payout({ ...SANDBOX_SEPA_PAYOUT, amount: '1000.00' })]);
    expect(tooMuch.payload.tasks[0].result).toMatchObject({ status: 'FAIL' });
    expect(tooMuch.payload.tasks[0].data).toMatchObject({ error: { code: 40313 } });
    expect(await payoutCount()).toBe('3');
  });
});
