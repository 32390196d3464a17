import type { Stack } from '@opp/local-stack';
import { eventually, findCardDataInStack, queryStackDb, startTestStack } from '@opp/testing';
import { newPartner, PartnerClient, taskStatuses } from '../support/partner-client';

const YEAR = new Date().getUTCFullYear() + 3;

const SEPA = {
  type: 2,
  account: 'DE89370400440532013000',
  currency: 'EUR',
  beneficiaryFirstName: 'Ada',
  beneficiaryLastName: 'Lovelace',
  receiverBankBIC: 'DEUTDEFF',
};

/** Five services and a broker start here: on a loaded machine that takes more than the default. */
const STACK_START_TIMEOUT_MS = 300_000;

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
    await eventually(
      async () =>
        (
          await queryStackDb(stack, 'payments', 'SELECT 1 FROM project_snapshots WHERE id = $1', [
            projectId,
          ])
        ).length === 1,
      'the project in payments',
    );
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
          card: {
            number: '4242424242424242',
            expiration_month: 12,
            expiration_year: YEAR,
            security_code: '737',
          },
          price: '10.00',
          currency: 'EUR',
          description: 'Funds',
        },
        success: [payout({ ...SEPA, amount: '4.00', orderId: 'task-payout-1' })],
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
    const [{ n }] = await queryStackDb<{ n: string }>(
      stack,
      'payments',
      `SELECT count(*)::text AS n FROM payouts WHERE project_id = $1`,
      [projectId],
    );
    expect(n).toBe('1');
  });

  it('pays out to a card number the gateway sealed', async () => {
    const response = await run([
      payout({
        type: 1,
        account: '5555555555554444',
        amount: '1.00',
        currency: 'EUR',
        cardHolder: 'Ada Lovelace',
        cardExpirationDate: `12/${String(YEAR).slice(2)}`,
        beneficiaryFirstName: 'Ada',
        beneficiaryLastName: 'Lovelace',
        birthDate: '10.12.1985',
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
        cardHolder: 'Ada Lovelace',
        cardExpirationDate: `12/${String(YEAR).slice(2)}`,
        beneficiaryFirstName: 'Ada',
        beneficiaryLastName: 'Lovelace',
        birthDate: '10.12.1985',
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
    const missing = await run([payout({ ...SEPA, receiverBankBIC: undefined, amount: '1.00' })]);
    expect(missing.payload.tasks[0].result).toMatchObject({ status: 'FAIL' });
    expect(missing.payload.tasks[0].data).toMatchObject({ error: { code: 40016 } });
    const tooMuch = await run([payout({ ...SEPA, amount: '1000.00' })]);
    expect(tooMuch.payload.tasks[0].result).toMatchObject({ status: 'FAIL' });
    expect(tooMuch.payload.tasks[0].data).toMatchObject({ error: { code: 40313 } });
    const [{ n }] = await queryStackDb<{ n: string }>(
      stack,
      'payments',
      `SELECT count(*)::text AS n FROM payouts WHERE project_id = $1`,
      [projectId],
    );
    expect(n).toBe('3');
  });
});
