/**
 * A partner submits a task tree to the Task-Tree Processing API: two card payments, each with a
 * branch for success and one for failure. The sandbox approves the first card and declines the
 * second, so one branch of each runs and the other is SKIPPED. When the whole request is
 * FINISHED, the platform calls every `header.service.result` target with the signed globalId
 * (ADR 0004): a small node:http receiver checks the signature with the SDK, then the partner reads
 * the outcome with a status query.
 */
import { randomUUID } from 'node:crypto';
import { PartnerClient, type ProcessingTask, type TaskResult } from '@opp/sdk';
import { createPartner } from './support/admin-api';
import { listen } from './support/http-receiver';
import { runExample, say } from './support/run-example';
import { newSandboxMerchant } from './support/sandbox-merchant';
import { SANDBOX_EXPIRY, settings } from './support/settings';

const cardPayment = (
  number: string,
  orderId: string,
  branches: Pick<ProcessingTask, 'success' | 'fail'>,
): ProcessingTask => ({
  type: 'card.payment',
  payload: {
    user: { identifier: 'tree-buyer', email: 'buyer@example.com', ip: '203.0.113.11' },
    card: {
      number,
      expiration_month: SANDBOX_EXPIRY.month,
      expiration_year: SANDBOX_EXPIRY.year,
      security_code: '123',
    },
    price: '10.00',
    currency: 'EUR',
    description: 'Tree order',
    order_id: orderId,
  },
  ...branches,
});

runExample(async () => {
  // A partner acts for a project: the project first, then the partner's identifier and secret.
  const { project } = await newSandboxMerchant({ name: 'Processing example' });
  const keys = await createPartner(`partner-${randomUUID()}`, project.id);
  // More patient retries than the default: until the orchestrator has heard of the new project it
  // answers with its "repeat shortly" apology, which the client repeats with the same bytes.
  const partner = new PartnerClient({
    baseUrl: settings.gatewayUrl,
    identifier: keys.identifier,
    secret: keys.secret,
    retry: { attempts: 10, maxDelayMs: 2000 },
  });

  const receiver = await listen((notification) => {
    try {
      const globalId = partner.verifyNotification({
        method: 'POST',
        body: notification.rawBody,
        signature: notification.headers['x-opp-signature'],
      });
      say(`notification verified: globalId ${globalId}`);
      return 200;
    } catch {
      return 403;
    }
  });

  const paid = `tree-${randomUUID()}`;
  const request = partner.newRequest(
    [
      cardPayment('4242424242424242', paid, {
        success: [{ type: 'transaction.status', payload: { order_id: paid } }],
        fail: [{ type: 'wait', payload: { seconds: 0 } }],
      }),
      cardPayment('4000000000000002', `tree-${randomUUID()}`, {
        success: [{ type: 'wait', payload: { seconds: 0 } }],
        fail: [{ type: 'wait', payload: { seconds: 0 } }],
      }),
    ],
    { service: { result: [{ type: 'URL', uri: receiver.url('/opp/notify'), method: 'POST' }] } },
  );
  say(`submitting request ${request.header.request.id}`);
  const accepted = await partner.submit(request);
  const globalId = accepted.header.response.globalId;
  say(`accepted: globalId ${globalId}, status ${accepted.result.status}`);

  await receiver.next('notification', (n) => n.rawBody === `globalId=${globalId}`);
  await receiver.close();
  const finished = await partner.status(globalId);
  say(`request ${globalId}: ${finished.result.status}`);
  printTasks(finished.payload.tasks, '');
  if (finished.result.status !== 'FINISHED') throw new Error('expected FINISHED');
});

function printTasks(tasks: TaskResult[] | undefined, indent: string): void {
  for (const task of tasks ?? []) {
    // `data` is the answer of the task's operation, typed by its `type`.
    const outcome = task.data && 'status' in task.data ? ` (${String(task.data.status)})` : '';
    say(`${indent}${task.type}: ${task.result.status}${outcome}`);
    for (const branch of ['success', 'fail', 'always'] as const) {
      if (task[branch]?.length) say(`${indent}  ${branch}:`);
      printTasks(task[branch], `${indent}    `);
    }
  }
}
