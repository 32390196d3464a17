import type { Stack } from '@opp/local-stack';
import { queryStackDb, startTestStack } from '@opp/testing';
import { newPartner, PartnerClient, taskStatuses } from '../support/partner-client';

/**
 * ADR 0005: `${parameters.X}` is filled in every task payload, not only in templates.
 * ADR 0017: `header.request.id` is unique per partner; a repeat starts nothing.
 */
describe('Task-Tree Processing API: parameters in plain tasks and unique request ids', () => {
  let stack: Stack;
  let partner: PartnerClient;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'processing request ids',
      services: ['api-gateway', 'processing-orchestrator', 'users-recurring'],
    });
    partner = new PartnerClient(stack.gatewayUrl!, await newPartner(stack, 'request-ids-partner'));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const requestsWithId = async (requestId: string) =>
    queryStackDb(
      stack,
      'processing-orchestrator',
      `SELECT global_id FROM processing_requests
       WHERE partner_identifier = $1 AND request_id = $2`,
      [partner.keys.identifier, requestId],
    );

  it('fills ${parameters.X} in the payload of a plain user.resolve task', async () => {
    const body = partner.request(
      [{ type: 'user.resolve', payload: { identifier: '${parameters.who}' } }],
      {},
      { parameters: { who: 'param-user-1' } },
    );
    const { status, data } = await partner.submit(body);
    expect(status).toBe(200);
    const done = await partner.finished(data.header.response.globalId as string);
    expect(taskStatuses(done)).toEqual({ '0': 'SUCCESS' });
    const users = await queryStackDb(
      stack,
      'users-recurring',
      `SELECT id, identifier FROM users WHERE identifier IN ('param-user-1', '\${parameters.who}')`,
    );
    expect(users).toEqual([{ id: done.payload.tasks[0].data.id, identifier: 'param-user-1' }]);
  });

  it('answers a repeat with the identical body as the first request and starts nothing', async () => {
    const body = partner.request([
      { type: 'user.resolve', payload: { identifier: 'repeat-user-1' } },
    ]);
    const first = await partner.submit(body);
    expect(first.status).toBe(200);
    const globalId = first.data.header.response.globalId as string;
    await partner.finished(globalId);

    const again = await partner.submit(body);
    expect(again.status).toBe(200);
    expect(again.data.header.response.globalId).toBe(globalId);
    expect(again.data.result.status).toBe('FINISHED');
    expect(again.data.header.request.id).toBe(body.header.request.id);
    expect(await requestsWithId(body.header.request.id)).toEqual([{ global_id: globalId }]);
  });

  it('refuses the same request id with another body: 400 DUPLICATE_REQUEST_ID', async () => {
    const body = partner.request([{ type: 'user.resolve', payload: { identifier: 'dup-user-1' } }]);
    const first = await partner.submit(body);
    expect(first.status).toBe(200);
    const other = {
      ...body,
      payload: {
        ...body.payload,
        tasks: [{ type: 'user.resolve', payload: { identifier: 'dup-user-2' } }],
      },
    };
    const refused = await partner.submit(other);
    expect(refused.status).toBe(400);
    expect(refused.data.error.code).toBe('DUPLICATE_REQUEST_ID');
    expect(await requestsWithId(body.header.request.id)).toEqual([
      { global_id: first.data.header.response.globalId },
    ]);
    const users = await queryStackDb(
      stack,
      'users-recurring',
      `SELECT identifier FROM users WHERE identifier = 'dup-user-2'`,
    );
    expect(users).toEqual([]);
  });

  it('starts one tree when the same request arrives many times at once', async () => {
    const body = partner.request([
      { type: 'user.resolve', payload: { identifier: 'burst-user-1' } },
    ]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => partner.submit(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const ids = new Set(answers.map((a) => a.data.header.response.globalId as string));
    expect(ids.size).toBe(1);
    expect(await requestsWithId(body.header.request.id)).toEqual([{ global_id: [...ids][0] }]);
  });

  it('keeps request ids apart between partners', async () => {
    const other = new PartnerClient(
      stack.gatewayUrl!,
      await newPartner(stack, 'request-ids-partner-2'),
    );
    const body = partner.request([{ type: 'user.resolve', payload: { identifier: 'sep-1' } }]);
    const mine = await partner.submit(body);
    const theirs = await other.submit({
      ...body,
      payload: { ...body.payload, partner: { identifier: other.keys.identifier } },
    });
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.data.header.response.globalId).not.toBe(mine.data.header.response.globalId);
  });
});
