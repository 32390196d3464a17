import axios from 'axios';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as qs from 'qs';
import { findRepoRoot, localDir, type Stack } from '@opp/local-stack';
import { signPartnerPayload } from '@opp/signature';
import {
  AdminClient,
  awaitProjectSnapshot,
  CaptureServer,
  eventually,
  formFields,
  MerchantClient,
  startTestStack,
  suiteSlug,
} from '@opp/testing';
import { exportedSpans, traceTree, type ExportedSpan } from './otlp-spans';

const SUITE = 'traces end to end';
const LOG_DIR = localDir(findRepoRoot(), 'logs', 'test', suiteSlug(SUITE));
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/**
 * One trace from the gateway request through the services it reaches, with OTLP export on
 * (docs/operations/tracing.md): HTTP -> Kafka request/reply -> payments' SQL -> outbox -> Kafka ->
 * notifier -> merchant callback, and HTTP -> orchestrator -> task owner. Correlation ids travel the
 * same way.
 */
describe('traces and correlation ids across services', () => {
  let stack: Stack;
  let collector: CaptureServer;
  let merchantEndpoint: CaptureServer;
  let merchant: MerchantClient;
  let user: string;
  let partner: { identifier: string; secret: string; projectId: number };

  beforeAll(async () => {
    collector = await CaptureServer.start();
    merchantEndpoint = await CaptureServer.start();
    stack = await startTestStack({
      suite: SUITE,
      services: [
        'api-gateway',
        'users-recurring',
        'payments',
        'notifier',
        'processing-orchestrator',
      ],
      logLevel: 'info',
      extraEnv: {
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.baseUrl,
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
    const admin = new AdminClient(stack.gatewayUrl!);
    const project = await admin.createProject({ callbackUrl: merchantEndpoint.url('/callbacks') });
    merchant = new MerchantClient(stack.gatewayUrl!, project);
    user = (await merchant.postForm('/v1/user/resolve', { identifier: 'traced', ip: '10.0.0.2' }))
      .data.id;
    partner = await admin.createPartner(project.id, 'traced-partner');
    await awaitProjectSnapshot(stack, 'processing-orchestrator', project.id);
  });

  afterAll(async () => {
    await stack?.stop();
    await merchantEndpoint?.stop();
    await collector?.stop();
  });

  /** The gateway's server span of the request sent with this x-request-id. */
  async function gatewaySpanOf(requestId: string): Promise<ExportedSpan> {
    let found: ExportedSpan | undefined;
    await eventually(() => {
      found = exportedSpans(collector).find(
        (s) =>
          s.service === 'api-gateway' &&
          s.kind === SERVER &&
          s.attributes['opp.correlation_id'] === requestId,
      );
      return found !== undefined;
    }, `the gateway span of ${requestId}`);
    return found!;
  }

  /** The trace's spans once `complete` holds: services export their spans in their own time. */
  async function traceOnce(
    traceId: string,
    what: string,
    complete: (spans: ExportedSpan[]) => boolean,
  ): Promise<ExportedSpan[]> {
    let spans: ExportedSpan[] = [];
    await eventually(() => {
      spans = exportedSpans(collector).filter((s) => s.traceId === traceId);
      return complete(spans);
    }, `${what} in trace ${traceId}`);
    return spans;
  }

  const hasServices = (expected: string[]) => (spans: ExportedSpan[]) =>
    expected.every((service) => spans.some((s) => s.service === service));

  /** A statement's client span (QuerySpanSubscriber) of `service`. */
  const isSql = (service: string) => (s: ExportedSpan) =>
    s.service === service && s.kind === CLIENT && s.attributes['db.system'] === 'postgresql';

  it('follows a card payment from the gateway request to the merchant callback', async () => {
    const requestId = 'trace-card-payment-1';
    const response = await axios.post(
      `${stack.gatewayUrl!}/v1/card/process`,
      qs.stringify(
        merchant.sign({
          user,
          card: {
            number: '4242424242424242',
            expiration_month: '12',
            expiration_year: '2031',
            security_code: '123',
          },
          price: '20.00',
          currency: 'EUR',
          description: 'Traced order',
          order_id: 'traced-1',
        }),
      ),
      {
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-request-id': requestId,
        },
        validateStatus: () => true,
      },
    );
    expect(response.data.status).toBe('completed');

    await eventually(
      () =>
        merchantEndpoint
          .requests('/callbacks')
          .some((r) => formFields(r.body).order_id === 'traced-1'),
      'the callback of traced-1',
    );
    const callback = merchantEndpoint
      .requests('/callbacks')
      .find((r) => formFields(r.body).order_id === 'traced-1')!;
    const traceparent = String(callback.headers.traceparent);
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const [, callbackTraceId, callbackParentId] = traceparent.split('-');

    const gateway = await gatewaySpanOf(requestId);
    expect(gateway.name).toBe('POST /v1/card/process');
    expect(callbackTraceId).toBe(gateway.traceId);

    // The merchant's request is the child of the notifier's client span of that attempt. That span
    // ends after the merchant answered, so it can be exported after the notifier's other spans.
    const spans = await traceOnce(
      gateway.traceId,
      `spans of the gateway, payments' and the notifier's SQL and the attempt ${callbackParentId}`,
      (all) =>
        hasServices(['api-gateway', 'payments'])(all) &&
        all.some(isSql('payments')) &&
        all.some(isSql('notifier')) &&
        all.some((s) => s.spanId === callbackParentId),
    );
    // Kept beside the services' logs: what one traced payment looks like.
    writeFileSync(path.join(LOG_DIR, 'card-payment.trace.txt'), traceTree(spans));
    const attempt = spans.find((s) => s.spanId === callbackParentId);
    expect(attempt).toMatchObject({ service: 'notifier', kind: CLIENT, name: 'POST' });
    expect(attempt!.attributes['http.response.status_code']).toBe(200);

    // Payments' statements are spans of the trace, children of the span of the message that
    // caused them, which carries the consumer lag; their text has placeholders, never the values.
    const statements = spans.filter(isSql('payments'));
    for (const statement of statements) {
      expect(statement.attributes).toMatchObject({
        'db.name': expect.stringMatching(/payments/),
        'db.statement': expect.any(String),
      });
      expect(statement.attributes['db.statement']).not.toMatch(/4242424242424242|traced-1|Traced/);
    }
    expect(statements.map((s) => s.attributes['db.statement'])).toEqual(
      expect.arrayContaining([expect.stringMatching(/INSERT INTO transactions/)]),
    );
    const consumed = spans.find((s) => s.spanId === statements[0].parentSpanId);
    expect(consumed).toMatchObject({ service: 'payments', kind: CONSUMER });
    expect(consumed!.attributes['messaging.kafka.consumer.lag']).toEqual(expect.any(Number));
    // The gateway's request to payments left in a producer span of the trace.
    expect(spans).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          service: 'api-gateway',
          kind: PRODUCER,
          attributes: expect.objectContaining({ 'messaging.system': 'kafka' }),
        }),
      ]),
    );

    // The gateway request's correlation id is on the notifier's log lines for that callback.
    const logFile = path.join(LOG_DIR, 'notifier.log');
    await eventually(
      () => notifierLines(logFile).some((l) => l.msg === 'delivery succeeded'),
      'the notifier logging the delivery',
    );
    const lines = notifierLines(logFile).filter((l) => l.correlationId === requestId);
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['delivery created', 'delivery succeeded']),
    );
    expect(lines.every((l) => l.traceId === gateway.traceId)).toBe(true);
  });

  it('follows a processing tree from the gateway request to the task owner', async () => {
    const requestId = 'trace-processing-1';
    const body = JSON.stringify({
      header: { request: { id: 'trace-tree-1', date: new Date().toISOString() }, service: {} },
      payload: {
        partner: { identifier: partner.identifier },
        settings: { culture: 'en', userIp: '203.0.113.9' },
        tasks: [{ type: 'user.resolve', payload: { identifier: 'traced-tree-user' } }],
      },
    });
    const response = await axios.post(`${stack.gatewayUrl!}/processing`, body, {
      headers: {
        'content-type': 'application/json',
        'x-opp-signature': signPartnerPayload(partner.secret, body),
        'x-request-id': requestId,
      },
      validateStatus: () => true,
    });
    expect(response.status).toBe(200);

    const gateway = await gatewaySpanOf(requestId);
    expect(gateway.name).toBe('POST /processing');
    const commandHandled = (s: ExportedSpan) =>
      s.service === 'users-recurring' &&
      s.kind === CONSUMER &&
      /task-command/.test(String(s.attributes['opp.message_type']));
    const spans = await traceOnce(
      gateway.traceId,
      'spans of the gateway, the orchestrator and the task command',
      (all) =>
        hasServices(['api-gateway', 'processing-orchestrator'])(all) && all.some(commandHandled),
    );
    writeFileSync(path.join(LOG_DIR, 'processing-tree.trace.txt'), traceTree(spans));
    // The orchestrator handled the submission, and the task owner the command it sent through
    // its outbox: both inside the gateway request's trace.
    expect(spans).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service: 'processing-orchestrator', kind: CONSUMER }),
        expect.objectContaining({
          service: 'users-recurring',
          kind: CONSUMER,
          attributes: expect.objectContaining({
            'opp.message_type': expect.stringMatching(/task-command/),
          }),
        }),
      ]),
    );
  });
});

function notifierLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
