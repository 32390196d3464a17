import { Topics } from '@opp/contracts';
import { APP_NAMES, type AppName, type Stack } from '@opp/local-stack';
import {
  AdminClient,
  CaptureServer,
  eventually,
  formFields,
  MerchantClient,
  SANDBOX_CARD,
  startTestStack,
} from '@opp/testing';
import { newPartner, PartnerClient, wait } from '../support/partner-client';
import { parsePrometheusText, samplesOf, type Sample } from '../support/prometheus-text';

/**
 * Every service serves Prometheus metrics on GET /metrics (docs/operations/metrics.md). After a
 * card payment with a merchant callback and a processing tree, each service's scrape parses and
 * has the named series, with the traffic counted.
 */
describe('Prometheus metrics of every service', () => {
  let stack: Stack;
  let receiver: CaptureServer;

  beforeAll(async () => {
    receiver = await CaptureServer.start();
    stack = await startTestStack({
      suite: 'metrics',
      services: [...APP_NAMES],
      // One quick retry, so the partner notification to a closed port is dead-lettered at once.
      extraEnv: { DELIVERY_RETRY_SCHEDULE: '100ms' },
    });

    const project = await new AdminClient(stack.gatewayUrl!).createProject({
      callbackUrl: receiver.url('/callbacks'),
    });
    const merchant = new MerchantClient(stack.gatewayUrl!, project);
    const user = (
      await merchant.postForm('/v1/user/resolve', { identifier: 'payer', ip: '10.0.0.2' })
    ).data.id;
    const charge = await merchant.postForm('/v1/card/process', {
      user,
      card: SANDBOX_CARD,
      price: '20.00',
      currency: 'EUR',
      description: 'Metrics order',
      order_id: 'metrics-1',
    });
    expect(charge.data.status).toBe('completed');
    await eventually(
      () =>
        receiver.requests('/callbacks').some((r) => formFields(r.body).order_id === 'metrics-1'),
      'the merchant callback',
      30_000,
    );

    const partner = new PartnerClient(
      stack.gatewayUrl!,
      await newPartner(stack, 'metrics-partner'),
    );
    const closedPort = { type: 'URL', uri: 'http://127.0.0.1:9/notify', method: 'POST' };
    const { data } = await partner.submit(partner.request([wait(0)], { result: [closedPort] }));
    await partner.finished(data.header.response.globalId);
  });

  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
  });

  /** The gateway serves /metrics on its internal listener only; the others on their one port. */
  const metricsUrl = (app: AppName) =>
    `${app === 'api-gateway' ? stack.adminUrl : stack.services[app]!.url}/metrics`;

  async function scrape(app: AppName): Promise<Sample[]> {
    const response = await fetch(metricsUrl(app));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await response.text());
  }

  /** The value of one series, once it exists and `accept` holds (counters land after the work). */
  async function valueOf(
    app: AppName,
    name: string,
    labels: Record<string, string>,
    accept: (value: number) => boolean = (value) => value > 0,
  ): Promise<number> {
    let found: Sample[] = [];
    await eventually(
      async () => {
        found = samplesOf(await scrape(app), name, labels);
        return found.length === 1 && accept(found[0].value);
      },
      `${app}: ${name}${JSON.stringify(labels)}`,
      15_000,
      200,
    );
    return found[0].value;
  }

  it.each([...APP_NAMES])(
    '%s: parseable, with process, HTTP, outbox and Kafka series',
    async (app) => {
      const samples = await scrape(app);
      expect(samples.every((s) => s.labels.service === app)).toBe(true);
      expect(samplesOf(samples, 'process_resident_memory_bytes')).toHaveLength(1);
      expect(samplesOf(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
      // The stack waited for readiness, so the probe itself was timed by its route template.
      const ready = { route: '/health/ready', method: 'GET', status: '200' };
      expect(samplesOf(samples, 'opp_http_request_duration_seconds_count', ready)).toHaveLength(1);
      expect(samplesOf(samples, 'opp_outbox_backlog_messages')).toHaveLength(1);
      expect(samplesOf(samples, 'opp_outbox_set_aside_messages')).toHaveLength(1);
      expect(samplesOf(samples, 'opp_outbox_oldest_message_age_seconds')).toHaveLength(1);
      // Topic labels are the contracts' names: the environment's prefix is not part of them.
      for (const sample of samples.filter((s) => s.labels.topic !== undefined)) {
        expect(sample.labels.topic.startsWith(stack.topicPrefix)).toBe(stack.topicPrefix === '');
      }
    },
  );

  it('api-gateway: request durations by route template and status, unknown routes as one value', async () => {
    const processed = { method: 'POST', route: '/v1/card/process', status: '200' };
    expect(
      await valueOf('api-gateway', 'opp_http_request_duration_seconds_count', processed),
    ).toBeGreaterThanOrEqual(1);
    const sum = await valueOf('api-gateway', 'opp_http_request_duration_seconds_sum', processed);
    expect(sum).toBeGreaterThan(0);

    await fetch(`${stack.gatewayUrl}/no/such/route/4242`);
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    await valueOf('api-gateway', 'opp_http_request_duration_seconds_count', unmatched);
    const samples = await scrape('api-gateway');
    expect(samples.some((s) => s.labels.route?.includes('4242'))).toBe(false);
  });

  it('api-gateway: never serves /metrics on its public port', async () => {
    const response = await fetch(`${stack.gatewayUrl}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('opp_http_request_duration_seconds');
  });

  it('payments: payments by status and currency, handler durations and consumer lag by topic', async () => {
    const completed = { type: 'payment', status: 'completed', currency: 'EUR' };
    expect(await valueOf('payments', 'opp_payments_transactions_total', completed)).toBe(1);
    const requests = { topic: Topics.paymentsRequests.name, outcome: 'ok' };
    expect(
      await valueOf('payments', 'opp_kafka_handler_duration_seconds_count', requests),
    ).toBeGreaterThanOrEqual(1);
    const buckets = samplesOf(
      await scrape('payments'),
      'opp_kafka_handler_duration_seconds_bucket',
      requests,
    );
    expect(buckets.find((b) => b.labels.le === '+Inf')?.value).toBeGreaterThanOrEqual(1);
    await valueOf(
      'payments',
      'opp_kafka_consumer_lag_messages',
      { topic: Topics.paymentsRequests.name },
      (lag) => lag >= 0,
    );
  });

  it('processing-orchestrator: trees by final status', async () => {
    expect(
      await valueOf('processing-orchestrator', 'opp_processing_trees_finished_total', {
        status: 'SUCCESS',
      }),
    ).toBe(1);
  });

  it('notifier: delivery attempts, backlog and dead letters', async () => {
    const callbacks = { kind: 'merchant-callback' };
    expect(
      await valueOf('notifier', 'opp_delivery_attempts_total', { ...callbacks, result: 'success' }),
    ).toBeGreaterThanOrEqual(1);
    const notifications = { kind: 'partner-notification' };
    expect(await valueOf('notifier', 'opp_delivery_dead_letters_total', notifications)).toBe(1);
    expect(
      await valueOf(
        'notifier',
        'opp_delivery_attempts_total',
        {
          ...notifications,
          result: 'failure',
        },
        (attempts) => attempts >= 2,
      ),
    ).toBe(2);
    const samples = await scrape('notifier');
    expect(samplesOf(samples, 'opp_delivery_backlog_deliveries', callbacks)).toEqual([
      expect.objectContaining({ value: 0 }),
    ]);
  });

  it('payouts: the payout order counter exists before the first order', async () => {
    const samples = await scrape('payouts');
    expect(samplesOf(samples, 'opp_payouts_orders_total', { status: 'accepted' })).toEqual([
      expect.objectContaining({ value: 0 }),
    ]);
  });
});
