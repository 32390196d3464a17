import type { Stack } from '@opp/local-stack';
import { queryStackDb, SmtpCaptureServer, startTestStack } from '@opp/testing';
import { newPartner, PartnerClient, taskStatuses } from '../support/partner-client';

/**
 * ADR 0005 task functions owned by users-recurring (user.resolve) and the notifier (message.send
 * email).
 */
describe('Task-Tree Processing API: user.resolve and message.send by email', () => {
  let stack: Stack;
  let partner: PartnerClient;
  let smtp: SmtpCaptureServer;

  beforeAll(async () => {
    smtp = await SmtpCaptureServer.start();
    stack = await startTestStack({
      suite: 'processing users email',
      services: ['api-gateway', 'processing-orchestrator', 'users-recurring', 'notifier'],
      extraEnv: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        DELIVERY_RETRY_SCHEDULE: '1s,1s',
      },
    });
    partner = new PartnerClient(stack.gatewayUrl!, await newPartner(stack, 'users-email-partner'));
  });

  afterAll(async () => {
    await stack?.stop();
    await smtp?.stop();
  });

  it('resolves a user as a task, the same id each time, then emails on success', async () => {
    const resolve = {
      type: 'user.resolve',
      payload: { identifier: 'tree-user-1', email: 'u@example.com' },
    };
    const { data } = await partner.submit(
      partner.request([
        {
          ...resolve,
          success: [
            { ...resolve },
            {
              type: 'message.send',
              payload: {
                channel: 'email',
                to: 'buyer@example.com',
                subject: 'Welcome',
                text: 'Resolved.',
              },
            },
          ],
        },
      ]),
    );
    const done = await partner.finished(data.header.response.globalId as string);
    expect(taskStatuses(done)).toEqual({
      '0': 'SUCCESS',
      '0.success.0': 'SUCCESS',
      '0.success.1': 'SUCCESS',
    });
    const first = done.payload.tasks[0];
    expect(first.data).toEqual({ id: expect.stringMatching(/^\d+$/) });
    expect(first.success[0].data).toEqual(first.data);
    const users = await queryStackDb(
      stack,
      'users-recurring',
      `SELECT id, identifier, email, ip FROM users WHERE identifier = 'tree-user-1'`,
    );
    expect(users).toEqual([
      { id: first.data.id, identifier: 'tree-user-1', email: 'u@example.com', ip: '203.0.113.9' },
    ]);

    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual(['buyer@example.com']);
    expect(mail.header('subject')).toBe('Welcome');
    expect(mail.body).toContain('Resolved.');
  });

  it('fails a user.resolve task without an identifier, and takes its fail branch', async () => {
    const { data } = await partner.submit(
      partner.request([
        {
          type: 'user.resolve',
          payload: { email: 'nobody@example.com' },
          fail: [{ type: 'user.resolve', payload: { identifier: 'fallback-user' } }],
          success: [{ type: 'user.resolve', payload: { identifier: 'never' } }],
        },
      ]),
    );
    const done = await partner.finished(data.header.response.globalId as string);
    expect(taskStatuses(done)).toEqual({
      '0': 'FAIL',
      '0.success.0': 'SKIPPED',
      '0.fail.0': 'SUCCESS',
    });
  });
});
