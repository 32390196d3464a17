import type { Stack } from '@opp/local-stack';
import type { MoneyTrace, TraceSearchResult, TraceStep } from '@opp/contracts';
import {
  AdminClient,
  CaptureServer,
  eventually,
  MerchantClient,
  newPartner,
  PartnerClient,
  queryStackDb,
  readTopicsToEnd,
  startTestStack,
  wait,
  awaitSubscription,
} from '@opp/testing';
import axios from 'axios';
import * as qs from 'qs';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from '@opp/local-stack';
// The document's own wire check and the bench's own trace scenario, run here so neither can drift
// from the API they describe and measure.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { wireChecker } from '../../../../tools/asyncapi/src/wire-check';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { runTraceScenario } from '../../../../tools/bench/src/trace-scenario';

const YEAR = String(new Date().getUTCFullYear() + 2);
const card = (number: string) => ({
  number,
  expiration_month: '12',
  expiration_year: YEAR,
  security_code: '123',
});

/**
 * The money trace (ADR 0066) end to end on one stack of all six services: a 3-D Secure charge
 * with a partial reversal, a payout, a recurring charge and a tree with a failed branch, each
 * traced with its steps in order, its amounts and the merchant balances after each entry; the
 * search, a project's delivery log with the resend of dead deliveries (dry run first), and the
 * merchant's own timeline (another project's transaction is a 404). Card numbers only masked.
 */
describe('money trace, end to end', () => {
  let stack: Stack;
  let admin: AdminClient;
  let endpoint: CaptureServer;
  let merchant: MerchantClient;
  let other: MerchantClient;
  let projectId: number;
  let otherProjectId: number;
  let userId: string;
  let paymentId: number;
  /** The tree of the failed-branch test, which the search then finds. */
  let tree: { globalId: string; projectId: number } | undefined;
  const suiteStart = new Date().toISOString();

  beforeAll(async () => {
    endpoint = await CaptureServer.start();
    endpoint.respond('/dead', 500);
    stack = await startTestStack({
      suite: 'money trace',
      extraEnv: { DELIVERY_RETRY_SCHEDULE: '1s' },
    });
    admin = new AdminClient(stack.gatewayUrl!);
    const created = await admin.createProject({
      callbackUrl: endpoint.url('/callbacks'),
      settings: { feePercent: '0', feeFixed: '0' },
    });
    projectId = created.id;
    merchant = new MerchantClient(stack.gatewayUrl!, created);
    const second = await admin.createProject({
      callbackUrl: endpoint.url('/dead'),
      settings: { feePercent: '0', feeFixed: '0' },
    });
    otherProjectId = second.id;
    other = new MerchantClient(stack.gatewayUrl!, second);
    await eventually(
      async () =>
        (
          await queryStackDb(
            stack,
            'payments',
            'SELECT 1 FROM project_snapshots WHERE id = ANY($1)',
            [[projectId, otherProjectId]],
          )
        ).length === 2,
      'the projects in payments',
    );
    userId = (
      await merchant.sdk.resolveUser({
        identifier: 'trace-buyer',
        ip: '203.0.113.7',
        email: 'trace.buyer@example.com',
      })
    ).id;
  });

  afterAll(async () => {
    await stack?.stop();
    await endpoint?.stop();
  });

  const trace = async (path: string): Promise<MoneyTrace> => {
    const answer = await admin.request('GET', `/admin/v1/trace/${path}`);
    expect(answer.status).toBe(200);
    const body = answer.data as MoneyTrace;
    expect(body.missing).toEqual([]);
    return body;
  };
  /** The steps' titles, each matched in order (other steps may come between). */
  const expectInOrder = (steps: TraceStep[], expected: Array<Partial<TraceStep> & object>) => {
    let from = 0;
    for (const want of expected) {
      const index = steps.findIndex((s, i) => i >= from && matches(s, want));
      if (index < 0) {
        throw new Error(
          `no step ${JSON.stringify(want)} after #${from} in:\n${steps
            .map((s, i) => `${i} ${s.at} ${s.service} ${s.kind} ${s.title}`)
            .join('\n')}`,
        );
      }
      from = index + 1;
    }
  };
  const balanceAfter = (t: MoneyTrace, kind: string, transactionId?: number) =>
    t.ledger
      .find(
        (e) =>
          e.kind === kind && (transactionId === undefined || e.transactionId === transactionId),
      )
      ?.balancesAfter.find((b) => b.account === `merchant:${projectId}:available`)?.balance;
  const passChallenge = async (acs: { parameters: Record<string, string> }) => {
    const page = await axios.post(
      `${stack.gatewayUrl}/acs/challenge/submit`,
      qs.stringify({ ...acs.parameters, password: '3ds-pass' }),
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, responseType: 'text' },
    );
    const paRes = /name="PaRes" value="([^"]+)"/.exec(page.data as string)?.[1];
    return { PaRes: paRes, MD: acs.parameters.MD };
  };

  it('traces a 3-D Secure charge and its partial reversal: requests, states, journal and balances, callbacks', async () => {
    const charged = await merchant.postForm('/v1/card/process', {
      user: userId,
      card: card('4000000000003220'),
      price: '20.00',
      currency: 'EUR',
      description: 'Traced order',
      order_id: 'trace-3ds-1',
      acs_return_url: 'https://shop.example/3ds-return',
    });
    expect(charged.data.status).toBe('authenticating');
    const auth = await merchant.postForm(
      '/v1/card/authenticate',
      await passChallenge(charged.data.acs),
    );
    expect(auth.data).toMatchObject({ success: true, status: 'completed' });
    paymentId = auth.data.id as number;
    const refund = await merchant.postForm('/v1/transaction/reverse', {
      id: paymentId,
      amount: '5.00',
      comment: 'one item back',
    });
    expect(refund.data).toMatchObject({ type: 'refund', status: 'completed', price: '5.00' });
    await endpoint.waitFor('/callbacks', 2);

    let t = await trace(`transactions/${paymentId}`);
    // The recorder writes each partition's fetched messages on their own (ADR 0066), so one topic's
    // may be in while another's are still coming: wait for every message asserted below.
    const recorded = (type: string) =>
      t.steps.filter((s) => s.kind === 'message' && s.title.startsWith(`${type} on`)).length;
    await eventually(async () => {
      t = await trace(`transactions/${paymentId}`);
      return (
        t.deliveries.filter((d) => d.status === 'delivered').length >= 2 &&
        recorded('payments.transaction-status-changed.v1') >= 3 &&
        recorded('payments.process-charge.v1') >= 1
      );
    }, 'both callbacks delivered, and the messages recorded');
    expect(t.subject).toMatchObject({
      kind: 'transaction',
      id: String(paymentId),
      projectId,
      orderId: 'trace-3ds-1',
      type: 'payment',
      amount: '20.00',
      currency: 'EUR',
    });
    expectInOrder(t.steps, [
      { service: 'api-gateway', kind: 'request', title: 'POST /v1/card/process → 200' },
      { kind: 'message', title: 'payments.process-charge.v1 on payments.requests.v1' },
      { service: 'payments', kind: 'state', title: '→ authenticating' },
      { service: 'api-gateway', kind: 'request', title: 'POST /v1/card/authenticate → 200' },
      { service: 'payments', kind: 'state', title: '→ completed' },
      { service: 'payments', kind: 'journal', title: 'journal payment 20.00 EUR' },
      { service: 'api-gateway', kind: 'request', title: 'POST /v1/transaction/reverse → 200' },
      { service: 'payments', kind: 'journal', title: 'journal reversal 5.00 EUR' },
      { service: 'notifier', kind: 'delivery', title: 'attempt 1 200' },
    ]);
    const statusChanged = t.steps.find(
      (s) => s.kind === 'message' && s.detail['type'] === 'payments.transaction-status-changed.v1',
    );
    expect(statusChanged?.detail).toMatchObject({
      topic: 'payments.transaction-events.v1',
      key: String(paymentId),
      partition: expect.any(Number),
      offset: expect.stringMatching(/^\d+$/),
      correlationId: expect.any(String),
    });
    expect(t.steps.length).toBeGreaterThanOrEqual(12);
    expect(t.ledger.map((e) => e.kind)).toEqual(['payment', 'reversal']);
    expect(balanceAfter(t, 'payment')).toBe('20.00');
    expect(balanceAfter(t, 'reversal')).toBe('15.00');
    const refundStates = t.steps.filter(
      (s) => s.kind === 'state' && s.detail['id'] === refund.data.id,
    );
    expect(refundStates.map((s) => s.detail['status'])).toContain('completed');
    const process = t.steps.find((s) => s.title.startsWith('POST /v1/card/process'));
    expect(process?.detail).toMatchObject({
      params: { card: { number: '400000******3220', security_code: '***' }, price: '20.00' },
      replayed: false,
    });
    expect(t.deliveries.length).toBeGreaterThanOrEqual(2);
    expect(t.deliveries[0].attempts[0]).toMatchObject({ httpStatus: 200 });
    expect(JSON.stringify(t)).not.toContain('4000000000003220');

    // By order id: the same payment and its refund.
    const byOrder = await trace(`orders/${projectId}/trace-3ds-1`);
    expect(byOrder.subject).toMatchObject({ kind: 'order', orderId: 'trace-3ds-1' });
    expect(byOrder.ledger.map((e) => e.kind)).toEqual(['payment', 'reversal']);
  });

  it('traces a payout: the request, the reservation with the balance after, the payout flow to its end', async () => {
    const answer = await merchant.postForm('/v1/payout', {
      currency: 'EUR',
      type: 2,
      account: 'DE89370400440532013000',
      amount: '5.00',
      orderId: 'trace-payout-1',
      beneficiaryFirstName: 'Ada',
      beneficiaryLastName: 'Lovelace',
      receiverBankBIC: 'DEUTDEFF',
    });
    expect(answer.data).toMatchObject({ success: true, status: 'processing' });
    const payoutId = answer.data.id as number;
    let t = await trace(`transactions/${payoutId}`);
    await eventually(
      async () => {
        t = await trace(`transactions/${payoutId}`);
        return t.steps.some((s) => s.service === 'payouts' && s.title.endsWith('→ completed'));
      },
      'the payout settled and traced',
      30_000,
    );
    expect(t.subject).toMatchObject({ type: 'payout', amount: '5.00', currency: 'EUR' });
    expectInOrder(t.steps, [
      { service: 'api-gateway', kind: 'request', title: 'POST /v1/payout → 200' },
      { service: 'payouts', kind: 'state', title: '→ reserving' },
      { service: 'payments', kind: 'state', title: 'payout' },
      { service: 'payments', kind: 'journal', title: 'journal payout-reservation 5.00 EUR' },
      { service: 'payouts', kind: 'state', title: '→ accepted' },
      { service: 'payouts', kind: 'state', title: '→ completed' },
    ]);
    expect(balanceAfter(t, 'payout-reservation')).toBe('10.00');
  });

  it('traces a recurring charge: the subscription, the charge flow and its journal entry', async () => {
    const subscribing = await merchant.postForm('/v1/card/process', {
      user: userId,
      card: card('4242424242424242'),
      price: '10.00',
      currency: 'EUR',
      description: 'Subscription',
      order_id: 'trace-sub-1',
      recurring: 1,
      recurring_interval: 0,
    });
    expect(subscribing.data).toMatchObject({ status: 'completed' });
    await awaitSubscription(stack, userId);
    const charged = await merchant.postForm('/v1/card/processRecurring', {
      user: userId,
      price: '3.00',
      currency: 'EUR',
      order_id: 'trace-rec-1',
      description: 'Monthly',
    });
    expect(charged.data).toMatchObject({ status: 'completed', referenceId: subscribing.data.id });
    const sub = await trace(`transactions/${subscribing.data.id}`);
    expectInOrder(sub.steps, [
      { service: 'api-gateway', kind: 'request', title: 'POST /v1/card/process → 200' },
      { service: 'payments', kind: 'state', title: '→ completed' },
      { service: 'users-recurring', kind: 'state', title: 'subscription' },
    ]);
    const process = sub.steps.find((s) => s.kind === 'request');
    expect(process?.detail['params']).toMatchObject({
      card: { number: '424242******4242', security_code: '***' },
    });
    expect(JSON.stringify(sub)).not.toContain('4242424242424242');

    const t = await trace(`transactions/${charged.data.id}`);
    expect(t.subject).toMatchObject({ amount: '3.00', orderId: 'trace-rec-1' });
    expectInOrder(t.steps, [
      { service: 'api-gateway', kind: 'request', title: 'POST /v1/card/processRecurring → 200' },
      { service: 'payments', kind: 'state', title: '→ completed' },
      { service: 'payments', kind: 'journal', title: 'journal payment 3.00 EUR' },
    ]);
    expect(balanceAfter(t, 'payment', charged.data.id)).toBe('23.00');
  });

  it('traces a tree with a failed branch: every task with its branch, command and result, in order', async () => {
    const keys = await newPartner(stack, 'trace-partner');
    const partner = new PartnerClient(stack.gatewayUrl!, keys);
    const submitted = await partner.submit(
      partner.request([wait(-1, { success: [wait(0)], fail: [wait(0.1)] })], { sync: true }),
    );
    expect(submitted.status).toBe(200);
    const globalId = submitted.data.header.response.globalId as string;
    await partner.finished(globalId);
    tree = { globalId, projectId: keys.projectId };
    const t = await trace(`processing/${globalId}`);
    expect(t.subject).toMatchObject({ kind: 'processing', id: globalId, status: 'FINISHED' });
    expect(t.tasks.map((task) => [task.branch, task.level, task.status])).toEqual([
      ['root', 1, 'FAIL'],
      ['fail', 2, 'SUCCESS'],
      ['success', 2, 'SKIPPED'],
    ]);
    expect(t.tasks[1]).toMatchObject({ type: 'wait', command: { seconds: 0.1 } });
    expectInOrder(t.steps, [
      { service: 'processing-orchestrator', kind: 'state', title: 'received' },
      {
        service: 'processing-orchestrator',
        kind: 'task',
        title: 'task wait (root, level 1) started',
      },
      { service: 'processing-orchestrator', kind: 'task', title: 'task wait (root) → FAIL' },
      {
        service: 'processing-orchestrator',
        kind: 'task',
        title: 'task wait (fail, level 2) started',
      },
      { service: 'processing-orchestrator', kind: 'task', title: 'task wait (fail) → SUCCESS' },
      { service: 'processing-orchestrator', kind: 'state', title: '→ FINISHED' },
    ]);
  });

  it('searches transactions by project, order id prefix, amount, type and the user e-mail', async () => {
    const search = async (query: Record<string, string | number>) => {
      const answer = await admin.request('GET', `/admin/v1/trace/search?${qs.stringify(query)}`);
      expect(answer.status).toBe(200);
      return answer.data as { items: Array<{ id: string; orderId: string }>; nextCursor: string };
    };
    const byPrefix = await search({ projectId, orderIdPrefix: 'trace-' });
    expect(byPrefix.items.map((i) => i.orderId).sort()).toEqual(
      ['trace-3ds-1', 'trace-3ds-1', 'trace-rec-1', 'trace-sub-1'].sort(),
    );
    const payments = await search({ projectId, type: 'payment', amountMin: '10', amountMax: '20' });
    expect(payments.items.map((i) => i.orderId).sort()).toEqual(['trace-3ds-1', 'trace-sub-1']);
    const byEmail = await search({ email: 'TRACE.buyer@example.com', limit: 2 });
    expect(byEmail.items).toHaveLength(2);
    expect(byEmail.nextCursor).not.toBeNull();
    const next = await search({
      email: 'trace.buyer@example.com',
      limit: 2,
      cursor: byEmail.nextCursor,
    });
    expect(next.items.length).toBeGreaterThan(0);
    expect(next.items.map((i) => i.id)).not.toContain(byEmail.items[1].id);
    expect((await admin.request('GET', '/admin/v1/trace/search?amountMin=ten')).status).toBe(400);
  });

  it('finds processing requests in the search by project, partner, status and GlobalId, merged with transactions', async () => {
    const search = async (query: Record<string, string | number>) => {
      const answer = await admin.request('GET', `/admin/v1/trace/search?${qs.stringify(query)}`);
      expect(answer.status).toBe(200);
      const page = answer.data as TraceSearchResult;
      expect(page.missing).toEqual([]);
      return page;
    };
    const { globalId, projectId: treeProject } = tree!;
    const found = {
      kind: 'processing',
      id: globalId,
      projectId: treeProject,
      status: 'FINISHED',
      partner: 'trace-partner',
    };
    expect((await search({ projectId: treeProject })).items).toEqual([
      expect.objectContaining(found),
    ]);
    const filtered = await search({
      partner: 'trace-partner',
      status: 'finished',
      globalIdPrefix: globalId.slice(0, 13).toUpperCase(),
      from: suiteStart,
    });
    expect(filtered.items).toEqual([expect.objectContaining(found)]);
    expect((await search({ partner: 'trace-partner', status: 'WAITING' })).items).toEqual([]);
    expect((await search({ kind: 'transaction', projectId: treeProject })).items).toEqual([]);

    // Both kinds, newest first; one at a time through the cursor, the same items in the same order.
    const all = await search({ from: suiteStart, limit: 100 });
    const kinds = new Set(all.items.map((i) => i.kind));
    expect([...kinds].sort()).toEqual(['processing', 'transaction']);
    const times = all.items.map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: TraceSearchResult = await search({
        from: suiteStart,
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      paged.push(...page.items.map((i) => `${i.kind}:${i.id}`));
      cursor = page.nextCursor;
    } while (cursor && paged.length <= all.items.length);
    expect(paged).toEqual(all.items.map((i) => `${i.kind}:${i.id}`));

    const refused = await admin.request(
      'GET',
      '/admin/v1/trace/search?partner=trace-partner&email=a@example.com',
    );
    expect(refused.status).toBe(400);
    expect((await admin.request('GET', '/admin/v1/trace/search?globalIdPrefix=zz')).status).toBe(
      400,
    );
    expect((await admin.request('GET', '/admin/v1/trace/search?cursor=p:nonsense')).status).toBe(
      400,
    );
  });

  it("lists a project's deliveries, resends its dead ones (a dry run first) and one by id", async () => {
    const otherUser = (await other.sdk.resolveUser({ identifier: 'dead-cb', ip: '203.0.113.8' }))
      .id;
    const charged = await other.postForm('/v1/card/process', {
      user: otherUser,
      card: card('4242424242424242'),
      price: '1.00',
      currency: 'EUR',
      description: 'Callback to a broken shop',
      order_id: 'trace-dead-1',
    });
    expect(charged.data.status).toBe('completed');
    let dead: Array<{ id: string; attempts: unknown[] }> = [];
    await eventually(
      async () => {
        const log = await admin.request(
          'GET',
          `/admin/v1/projects/${otherProjectId}/deliveries?status=dead`,
        );
        dead = log.data.items;
        return dead.length === 1;
      },
      'the callback dead',
      30_000,
    );
    expect(dead[0].attempts).toHaveLength(2);

    const dry = await admin.request(
      'POST',
      `/admin/v1/projects/${otherProjectId}/deliveries/resend-dead?dryRun=true`,
    );
    expect(dry.status).toBe(200);
    expect(dry.data).toMatchObject({
      dryRun: true,
      count: 1,
      items: [{ id: dead[0].id, status: 'dead' }],
    });
    const still = await admin.request(
      'GET',
      `/admin/v1/projects/${otherProjectId}/deliveries?status=dead`,
    );
    expect(still.data.items).toHaveLength(1);

    endpoint.respond('/dead', 200);
    const resent = await admin.request(
      'POST',
      `/admin/v1/projects/${otherProjectId}/deliveries/resend-dead?dryRun=false`,
    );
    expect(resent.data).toMatchObject({ dryRun: false, count: 1, items: [{ status: 'pending' }] });
    await eventually(
      async () => {
        const one = await admin.request('GET', `/admin/v1/projects/${otherProjectId}/deliveries`);
        return one.data.items[0]?.status === 'delivered';
      },
      'the resent callback delivered',
      30_000,
    );

    const again = await admin.request('POST', `/admin/v1/deliveries/${dead[0].id}/resend`);
    expect(again.status).toBe(400);
    expect(again.data.error.code).toBe(40017);
  });

  it("gives a merchant its own transaction's timeline, and another project's a 404", async () => {
    const mine = await merchant.get(`/v1/transactions/${paymentId}/events`, { id: paymentId });
    expect(mine.status).toBe(200);
    expect(mine.data.transactionId).toBe(paymentId);
    const kinds = (mine.data.events as TraceStep[]).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['request', 'state', 'journal', 'delivery']));
    expect(kinds).not.toContain('message');
    const journal = (mine.data.events as TraceStep[]).find((e) => e.kind === 'journal');
    expect(journal?.detail).toEqual({ kind: 'payment', amount: '20.00', currency: 'EUR' });

    const theirs = await other.get(`/v1/transactions/${paymentId}/events`, { id: paymentId });
    expect(theirs.status).toBe(404);
    expect(theirs.data.error.code).toBe(40403);
  });

  it('runs the bench trace scenario once: a trace of 20 steps or more, read under load', async () => {
    const result = await runTraceScenario(stack.gatewayUrl!, endpoint.url('/callbacks'), {
      concurrency: 2,
      seconds: 1,
      warmupSeconds: 0,
    });
    expect(result.steps).toBeGreaterThanOrEqual(20);
    expect(result.load.completed).toBeGreaterThan(0);
    expect(result.load.failed).toBe(0);
    // The report's sample: TRACE_SAMPLE_FILE=/tmp/trace.json keeps one trace.
    if (process.env.TRACE_SAMPLE_FILE) {
      const answer = await new AdminClient(stack.gatewayUrl!).request(
        'GET',
        `/admin/v1/trace/transactions/${result.transactionId}`,
      );
      writeFileSync(
        process.env.TRACE_SAMPLE_FILE,
        JSON.stringify({ p50Ms: result.load.p50Ms, p99Ms: result.load.p99Ms, trace: answer.data }),
      );
    }
  });

  // Last, once every flow above has run: the AsyncAPI document must describe what went over the
  // wire (the charge's `referenceId: null` and `reason: null` once broke it), not only parse.
  it('every message on the stack topics the AsyncAPI document lists matches its schema there', async () => {
    const checker = wireChecker(path.join(findRepoRoot(), 'docs', 'asyncapi.yaml'));
    const problems: string[] = [];
    const seen = new Map<string, number>();
    await readTopicsToEnd(stack.brokers.split(','), stack.topicPrefix, (topic, partition, m) => {
      const name = topic.slice(stack.topicPrefix.length);
      if (!checker.topics.includes(name)) return;
      seen.set(name, (seen.get(name) ?? 0) + 1);
      const where = `${name}[${partition}]@${m.offset}`;
      problems.push(...checker.check({ topic: name, where, value: m.value?.toString() ?? '' }));
    });
    expect(problems.slice(0, 20)).toEqual([]);
    // The flows above send on every topic that has a documented message.
    expect([...seen.keys()].sort()).toEqual(
      checker.topics.filter((t) => !NOT_DRIVEN_HERE.includes(t)).sort(),
    );
  });
});

/** Documented topics the flows of this suite send nothing on (their trees have no such tasks). */
const NOT_DRIVEN_HERE = [
  // The sandbox clock's topic: its own suite drives it (sandbox-clock.int-spec.ts).
  'gateway.project-clocks.v1',
  'notifier.task-commands.v1',
  'payouts.task-commands.v1',
  'processing-orchestrator.task-results.v1',
  'users-recurring.task-commands.v1',
];

function matches(step: TraceStep, want: Partial<TraceStep>): boolean {
  return (
    (want.service === undefined || step.service === want.service) &&
    (want.kind === undefined || step.kind === want.kind) &&
    (want.title === undefined || step.title.includes(want.title))
  );
}
