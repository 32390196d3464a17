import type { Stack } from '@opp/local-stack';
import { OppProcessingError, PartnerClient as SdkPartnerClient } from '@opp/sdk';
import { AdminClient, queryStackDb, startTestStack } from '@opp/testing';
import {
  newPartner,
  PartnerClient,
  taskStatuses,
  wait,
  type Json,
  type PartnerKeys,
} from '../support/partner-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** POST /processing and GET /processing/status through the gateway, with `wait` task trees. */
describe('Task-Tree Processing API: trees of wait tasks', () => {
  let stack: Stack;
  let partner: PartnerClient;
  let other: PartnerKeys;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'processing api',
      services: ['api-gateway', 'processing-orchestrator'],
    });
    partner = new PartnerClient(stack.gatewayUrl!, await newPartner(stack, 'partner-a'));
    other = await newPartner(stack, 'partner-b');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers a sync tree inline, with every task result and the header echoed', async () => {
    const body = partner.request(
      [wait(0.3, { success: [wait(0.2), wait(0)], always: [wait(0)] }), wait(0.1)],
      { sync: true, result: [{ type: 'URL', uri: 'http://127.0.0.1:9/notify', method: 'POST' }] },
    );
    const { status, data } = await partner.submit(body);
    expect(status).toBe(200);
    expect(data.header).toEqual({
      request: body.header.request,
      response: {
        globalId: expect.stringMatching(UUID),
        id: expect.stringMatching(UUID),
        date: expect.any(String),
      },
      service: {
        sync: true,
        waitingTime: 'PT2S',
        result: [{ type: 'URL', uri: 'http://127.0.0.1:9/notify', method: 'POST' }],
      },
    });
    expect(data.result).toEqual({ status: 'FINISHED', code: 0, comment: 'Finished' });
    expect(taskStatuses(data)).toEqual({
      '0': 'SUCCESS',
      '0.success.0': 'SUCCESS',
      '0.success.1': 'SUCCESS',
      '0.always.0': 'SUCCESS',
      '1': 'SUCCESS',
    });
    expect(data.payload.tasks[0]).toMatchObject({
      id: expect.stringMatching(UUID),
      type: 'wait',
      payload: { seconds: 0.3 },
      data: { seconds: 0.3 },
    });
    expect(data.payload.partner.identifier).toBe('partner-a');
  });

  it('answers PROCESSING when the tree takes longer than the window, then FINISHED by status', async () => {
    const { status, data } = await partner.submit(
      partner.request([wait(3)], { sync: true, waitTime: 'PT1S' }),
    );
    expect(status).toBe(200);
    expect(data.header.service.waitingTime).toBe('PT1S');
    expect(data.result).toMatchObject({ status: 'PROCESSING', code: 2 });
    expect(taskStatuses(data)).toEqual({ '0': 'RUNNING' });
    const done = await partner.finished(data.header.response.globalId);
    expect(taskStatuses(done)).toEqual({ '0': 'SUCCESS' });
    expect(done.header.request).toEqual(data.header.request);
  });

  it('answers an asynchronous request at once with PROCESSING', async () => {
    const { data } = await partner.submit(partner.request([wait(1)]));
    expect(data.header.service).toEqual({ sync: false, waitingTime: 'PT0S', result: [] });
    expect(data.result.status).toBe('PROCESSING');
    await partner.finished(data.header.response.globalId);
  });

  it('routes success and fail, skipping the branch not taken with its subtree', async () => {
    const branches = () => ({
      success: [wait(0, { success: [wait(0)] })],
      fail: [wait(0, { fail: [wait(0)], always: [wait(0)] })],
    });
    const { data } = await partner.submit(
      partner.request([wait(-1, branches()), wait(0.2, branches())], { sync: true }),
    );
    expect(data.result).toMatchObject({ status: 'FINISHED', code: 1 });
    expect(taskStatuses(data)).toEqual({
      '0': 'FAIL',
      '0.success.0': 'SKIPPED',
      '0.success.0.success.0': 'SKIPPED',
      '0.fail.0': 'SUCCESS',
      '0.fail.0.fail.0': 'SKIPPED',
      '0.fail.0.always.0': 'SUCCESS',
      '1': 'SUCCESS',
      '1.success.0': 'SUCCESS',
      '1.success.0.success.0': 'SUCCESS',
      '1.fail.0': 'SKIPPED',
      '1.fail.0.fail.0': 'SKIPPED',
      '1.fail.0.always.0': 'SKIPPED',
    });
    expect(data.payload.tasks[0].result).toEqual({
      status: 'FAIL',
      reason: expect.stringMatching(/invalid payload/),
    });
  });

  it('runs always after a success and after a failure', async () => {
    const { data } = await partner.submit(
      partner.request([wait(0.1, { always: [wait(0.1)] }), wait('nope', { always: [wait(0.1)] })], {
        sync: true,
      }),
    );
    expect(taskStatuses(data)).toEqual({
      '0': 'SUCCESS',
      '0.always.0': 'SUCCESS',
      '1': 'FAIL',
      '1.always.0': 'SUCCESS',
    });
  });

  it('runs siblings in parallel: 1 s and 2 s finish in about 2 s, not 3', async () => {
    const { data } = await partner.submit(partner.request([wait(1), wait(2)]));
    const globalId = data.header.response.globalId;
    await partner.finished(globalId);
    const [times] = await queryStackDb<{ elapsed_ms: number }>(
      stack,
      'processing-orchestrator',
      `SELECT EXTRACT(EPOCH FROM (finished_at - created_at)) * 1000 AS elapsed_ms
       FROM processing_requests WHERE global_id = $1`,
      [globalId],
    );
    expect(Number(times.elapsed_ms)).toBeGreaterThanOrEqual(2000);
    expect(Number(times.elapsed_ms)).toBeLessThan(3000);
  });

  it('expires a task whose expiration.date has passed, and runs its fail branch', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const soon = new Date(Date.now() + 500).toISOString();
    const { data } = await partner.submit(
      partner.request(
        [
          wait(0, { expiration: { date: past }, success: [wait(0)], fail: [wait(0)] }),
          wait(30, { expiration: { date: soon }, fail: [wait(0)], always: [wait(0)] }),
        ],
        { sync: true },
      ),
    );
    expect(taskStatuses(data)).toEqual({
      '0': 'EXPIRED',
      '0.success.0': 'SKIPPED',
      '0.fail.0': 'SUCCESS',
      '1': 'EXPIRED',
      '1.fail.0': 'SUCCESS',
      '1.always.0': 'SUCCESS',
    });
    expect(data.result).toMatchObject({ status: 'FINISHED', code: 1 });
  });

  it('hands every function to its owner: none ends "function not available"', async () => {
    // This stack runs no payments service: the reversal stays RUNNING until its owner answers.
    const { data } = await partner.submit(
      partner.request([{ type: 'transaction.reverse', payload: {}, fail: [wait(0)] }], {
        sync: true,
        waitTime: 'PT0S',
      }),
    );
    expect(data.result.status).toBe('PROCESSING');
    expect(data.payload.tasks[0].result).toEqual({ status: 'RUNNING' });
    expect(taskStatuses(data)).toEqual({ '0': 'RUNNING', '0.fail.0': 'PENDING' });
  });

  it('expands a partner template with the request parameters', async () => {
    const admin = new AdminClient(stack.gatewayUrl!);
    const path = `/admin/v1/partners/${partner.keys.identifier}/templates/pause`;
    const put = await admin.request('PUT', path, {
      tasks: [
        {
          type: 'wait',
          payload: { seconds: '${parameters.seconds}', label: 'for ${parameters.who}' },
        },
      ],
    });
    expect(put.status).toBe(201);
    expect((await admin.request('GET', path)).data.tasks).toEqual(put.data.tasks);

    const { status, data } = await partner.submit(
      partner.request(
        [{ type: 'template:pause', success: [wait(0)] }],
        { sync: true },
        {
          parameters: { seconds: '0.2', who: 'Ann' },
        },
      ),
    );
    expect(status).toBe(200);
    expect(data.payload.tasks[0]).toMatchObject({
      type: 'wait',
      template: 'pause',
      payload: { seconds: '0.2', label: 'for Ann' },
      result: { status: 'SUCCESS' },
    });
    expect(taskStatuses(data)).toEqual({ '0': 'SUCCESS', '0.success.0': 'SUCCESS' });

    const missing = await partner.submit(
      partner.request([{ type: 'template:pause' }], {}, { parameters: { seconds: '1' } }),
    );
    expect(missing.status).toBe(400);
    expect(missing.data.error.code).toBe('TEMPLATE_PARAMETER_MISSING');

    expect((await admin.request('DELETE', path)).status).toBe(204);
    expect((await admin.request('GET', path)).status).toBe(404);
    const gone = await partner.submit(
      partner.request([{ type: 'template:pause' }], {}, { parameters: { seconds: '1', who: 'x' } }),
    );
    expect(gone.data.error.code).toBe('UNKNOWN_TEMPLATE');
  });

  it("answers another partner's GlobalId with 404, and a wrong signature with 401", async () => {
    const { data } = await partner.submit(partner.request([wait(0)]));
    const globalId = data.header.response.globalId;
    const foreign = await partner.status(globalId, other);
    expect(foreign.status).toBe(404);
    expect(foreign.data).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    expect((await partner.status('not-a-global-id')).status).toBe(404);
    expect((await partner.submit(partner.request([wait(0)]), 'wrong-secret')).status).toBe(401);
  });

  it("the SDK's typed partner calls: submit, status and refusals with their codes", async () => {
    const sdk = new SdkPartnerClient({ baseUrl: stack.gatewayUrl!, ...partner.keys });
    const request = sdk.newRequest([{ type: 'wait', payload: { seconds: 0 } }], {
      service: { sync: true },
    });
    const accepted = await sdk.submit(request);
    expect(accepted.result.status).toBe('FINISHED');
    expect(accepted.payload.tasks.map((task) => task.result.status)).toEqual(['SUCCESS']);
    const globalId = accepted.header.response.globalId;
    expect((await sdk.status(globalId)).header.response.globalId).toBe(globalId);

    const refusal = (call: () => Promise<unknown>) =>
      call()
        .then(() => undefined)
        .catch((e: unknown) => e);
    const otherPartner = new SdkPartnerClient({ baseUrl: stack.gatewayUrl!, ...other });
    const wrongSecret = new SdkPartnerClient({
      ...partner.keys,
      baseUrl: stack.gatewayUrl!,
      secret: 'wrong',
    });
    const cases: [() => Promise<unknown>, Record<string, unknown>][] = [
      [() => sdk.submit(sdk.newRequest([])), { status: 400, code: 'TASKS_EMPTY' }],
      [() => otherPartner.status(globalId), { status: 404, code: 'NOT_FOUND', unavailable: false }],
      [() => wrongSecret.status(globalId), { status: 401 }],
    ];
    for (const [call, expected] of cases) {
      const error = await refusal(call);
      expect(error).toBeInstanceOf(OppProcessingError);
      expect(error).toMatchObject(expected);
    }
  });

  describe('refuses a malformed request with 400 and an error code', () => {
    const deep = (levels: number): Json =>
      levels === 1 ? wait(0) : wait(0, { always: [deep(levels - 1)] });
    it.each([
      [
        'header.request missing',
        () => ({ ...partner.request([wait(0)]), header: {} }),
        'HEADER_REQUEST_MISSING',
      ],
      ['payload.tasks empty', () => partner.request([]), 'TASKS_EMPTY'],
      [
        'an unknown task type',
        () => partner.request([wait(0, { success: [{ type: 'card.steal' }] })]),
        'UNKNOWN_TASK_TYPE',
      ],
      ['a task without type', () => partner.request([{ payload: {} }]), 'MALFORMED_TREE'],
      [
        'branches that are not lists',
        () => partner.request([wait(0, { fail: { type: 'wait' } })]),
        'MALFORMED_TREE',
      ],
      [
        'a bad waitTime',
        () => partner.request([wait(0)], { sync: true, waitTime: 'PT9S' }),
        'INVALID_HEADER',
      ],
      [
        '101 tasks',
        () => partner.request(Array.from({ length: 101 }, () => wait(0))),
        'TOO_MANY_TASKS',
      ],
      ['11 levels', () => partner.request([deep(11)]), 'TREE_TOO_DEEP'],
      [
        'an unknown template',
        () => partner.request([{ type: 'template:none' }]),
        'UNKNOWN_TEMPLATE',
      ],
    ])('%s', async (_name, body, code) => {
      const { status, data } = await partner.submit(body());
      expect(status).toBe(400);
      expect(data).toEqual({ error: { code, message: expect.any(String) } });
    });

    it('accepts exactly 100 tasks and 10 levels', async () => {
      expect(
        (await partner.submit(partner.request(Array.from({ length: 100 }, () => wait(0))))).status,
      ).toBe(200);
      expect((await partner.submit(partner.request([deep(10)]))).status).toBe(200);
    });
  });
});
