import type { Stack } from '@opp/local-stack';
import { CaptureServer, eventually, startTestStack } from '@opp/testing';
import { newPartner, PartnerClient, taskStatuses, wait } from '../support/partner-client';

/**
 * processing-api.md, Events: when a request is finished every header.service.result target is
 * called with the globalId only, signed with X-OPP-Signature (ADR 0004); message.send tasks by
 * webhook.
 */
describe('Task-Tree Processing API: notifications and message.send (with the notifier)', () => {
  let stack: Stack;
  let partner: PartnerClient;
  let receiver: CaptureServer;

  beforeAll(async () => {
    receiver = await CaptureServer.start();
    stack = await startTestStack({
      suite: 'processing notifications',
      services: ['api-gateway', 'processing-orchestrator', 'notifier'],
      extraEnv: { DELIVERY_RETRY_SCHEDULE: '1s,1s,1s' },
    });
    partner = new PartnerClient(stack.gatewayUrl!, await newPartner(stack, 'notified-partner'));
  });

  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
  });

  it('calls every target with the signed globalId once the request is finished', async () => {
    const { data } = await partner.submit(
      partner.request([wait(0.5)], {
        result: [
          { type: 'URL', uri: `${receiver.baseUrl}/notify-post`, method: 'POST' },
          { type: 'URL', uri: `${receiver.baseUrl}/notify-get`, method: 'GET' },
        ],
      }),
    );
    const globalId: string = data.header.response.globalId;
    await eventually(
      () =>
        receiver.requests('/notify-post').length > 0 && receiver.requests('/notify-get').length > 0,
      'both notifications',
    );
    const [post] = receiver.requests('/notify-post');
    expect(post.method).toBe('POST');
    expect(post.body).toBe(`globalId=${globalId}`);
    expect(post.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const postSignature = post.headers['x-opp-signature'];
    expect(
      partner.verifyNotification({ method: 'POST', body: post.body, signature: postSignature }),
    ).toBe(globalId);
    const [get] = receiver.requests('/notify-get');
    expect(get.method).toBe('GET');
    expect(`${get.path}?${get.rawQuery}`).toBe(`/notify-get?globalId=${globalId}`);
    const getSignature = get.headers['x-opp-signature'];
    expect(
      partner.verifyNotification({ method: 'GET', query: get.rawQuery, signature: getSignature }),
    ).toBe(globalId);
    const status = await partner.status(globalId);
    expect(status.data.result.status).toBe('FINISHED');
  });

  it('runs message.send by webhook as a task, and routes on its result', async () => {
    const { data } = await partner.submit(
      partner.request([
        {
          type: 'message.send',
          payload: {
            channel: 'webhook',
            to: `${receiver.baseUrl}/message`,
            subject: 'Hi',
            text: 'Paid',
          },
          success: [wait(0)],
          fail: [wait(0)],
        },
      ]),
    );
    const globalId: string = data.header.response.globalId;
    const done = await partner.finished(globalId);
    expect(taskStatuses(done)).toEqual({
      '0': 'SUCCESS',
      '0.success.0': 'SUCCESS',
      '0.fail.0': 'SKIPPED',
    });
    const [message] = receiver.requests('/message');
    expect(JSON.parse(message.body)).toEqual({
      globalId,
      taskId: done.payload.tasks[0].id,
      subject: 'Hi',
      text: 'Paid',
    });
  });
});
