import type { Stack } from '@opp/local-stack';
import { awaitProjectSnapshot, queryStackDb, startTestStack } from '@opp/testing';
import { newPartner, PartnerClient, taskStatuses } from '../support/partner-client';
import { TASK_CARD } from '../support/task-card';

const payment = (orderId: string, task: Record<string, unknown> = {}) => ({
  type: 'card.payment',
  payload: {
    user: { identifier: 'buyer-r', email: 'buyer@example.com', ip: '203.0.113.9' },
    card: TASK_CARD,
    price: '10.00',
    currency: 'EUR',
    description: 'Order',
    order_id: orderId,
  },
  ...task,
});

const reverse = (payload: Record<string, unknown>) => ({ type: 'transaction.reverse', payload });

/** ADR 0005: `transaction.reverse` runs in payments (it was "function not available" before). */
describe('Task-Tree Processing API: transaction.reverse (with payments)', () => {
  let stack: Stack;
  let partner: PartnerClient;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'processing reverse',
      services: ['api-gateway', 'processing-orchestrator', 'payments', 'users-recurring'],
    });
    const keys = await newPartner(stack, 'reverse-partner');
    await awaitProjectSnapshot(stack, 'payments', keys.projectId);
    partner = new PartnerClient(stack.gatewayUrl!, keys);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const run = async (tasks: unknown[]) => {
    const { status, data } = await partner.submit(partner.request(tasks));
    expect(status).toBe(200);
    return partner.finished(data.header.response.globalId as string);
  };

  it('reverses part of a payment after it, by order_id, then refuses more than is left', async () => {
    const done = await run([
      payment('task-rev-1', { success: [reverse({ order_id: 'task-rev-1', amount: '4.00' })] }),
    ]);
    expect(done.payload.tasks[0].data).toMatchObject({ status: 'completed' });
    expect(taskStatuses(done)).toEqual({ '0': 'SUCCESS', '0.success.0': 'SUCCESS' });
    const paid = done.payload.tasks[0].data;
    expect(done.payload.tasks[0].success[0].data).toMatchObject({
      success: true,
      type: 'refund',
      status: 'completed',
      referenceId: paid.id,
      orderId: 'task-rev-1',
      price: '4.00',
      currency: 'EUR',
    });

    const refused = await run([reverse({ id: paid.id, amount: '6.01' })]);
    expect(taskStatuses(refused)).toEqual({ '0': 'FAIL' });
    expect(refused.payload.tasks[0].data).toMatchObject({ error: { code: 40504 } });

    const rest = await run([reverse({ id: paid.id, amount: '6.00', comment: 'rest' })]);
    expect(taskStatuses(rest)).toEqual({ '0': 'SUCCESS' });
    const [row] = await queryStackDb<{ status: string; original_status: string; reversed: string }>(
      stack,
      'payments',
      `SELECT status, original_status, reversed_minor::text AS reversed FROM transactions
       WHERE id = $1`,
      [paid.id],
    );
    expect(row).toEqual({ status: 'refunded', original_status: 'completed', reversed: '1000' });
  });

  it('ends FAIL 40403 for a payment that does not exist', async () => {
    const done = await run([reverse({ order_id: 'no-such-order', amount: '1.00' })]);
    expect(taskStatuses(done)).toEqual({ '0': 'FAIL' });
    expect(done.payload.tasks[0].data).toMatchObject({ error: { code: 40403 } });
  });
});
