import { Body, Controller, Get, Injectable, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startFastifyTestApp } from '../fastify-test-app';
import { PinoLogger } from 'nestjs-pino';
import { __resetOutOfContextForTests } from 'nestjs-pino/PinoLogger';
import { currentCorrelationId } from '../correlation/correlation-context';
import { HealthModule } from '../health/health.module';
import { TestLogSink } from '../logging/test-log-sink';
import { MetricsModule } from '../metrics/metrics.module';
import { currentTraceHeaders } from '../tracing/trace-context';
import { ObservabilityModule } from './observability.module';

const PAN = '4111111111111111';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

@Injectable()
class Downstream {
  // Stands for a Kafka producer reading the id to put it in message headers.
  async publish(): Promise<string | undefined> {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return currentCorrelationId();
  }
}

@Controller('v1')
class ProbeController {
  constructor(
    private readonly downstream: Downstream,
    private readonly logger: PinoLogger,
  ) {}

  @Get('card/getToken')
  getToken(): { correlationId?: string } {
    this.logger.info({ cardHint: PAN }, 'issuing token');
    return { correlationId: currentCorrelationId() };
  }

  @Post('payments')
  async pay(@Body() _body: unknown): Promise<{ correlationId?: string }> {
    return { correlationId: await this.downstream.publish() };
  }

  @Get('trace')
  trace(): { traceparent?: string } {
    this.logger.info('traced');
    return { traceparent: currentTraceHeaders()?.traceparent };
  }

  @Get('boom')
  boom(): never {
    throw new Error(`gateway rejected ${PAN}`);
  }
}

async function startApp(sink: TestLogSink): Promise<NestFastifyApplication> {
  @Module({
    imports: [
      ObservabilityModule.forRoot({ service: 'api-gateway', level: 'info', destination: sink }),
      HealthModule.forRoot({ checks: [] }),
      MetricsModule.forRoot({ service: 'api-gateway' }),
    ],
    controllers: [ProbeController],
    providers: [Downstream],
  })
  class AppModule {}

  return startFastifyTestApp(AppModule);
}

// pino-http writes the request line on 'finish'/'close', which may come after inject resolves.
async function waitForLine(
  sink: TestLogSink,
  match: (line: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  for (let i = 0; i < 50; i++) {
    const line = sink.lines.find(match);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no matching log line in:\n${sink.raw.join('\n')}`);
}

const requestLine = (l: Record<string, unknown>) =>
  l.msg === 'request completed' || l.msg === 'request errored';

describe('ObservabilityModule on Fastify', () => {
  let sink: TestLogSink;
  let app: NestFastifyApplication;

  beforeEach(async () => {
    sink = new TestLogSink();
    app = await startApp(sink);
  });

  afterEach(async () => {
    await app.close();
    // Handler lines go through nestjs-pino's process-wide logger (no per-request child), built
    // once from the first app's options: each test's app writes to its own sink.
    __resetOutOfContextForTests();
  });

  it('takes x-request-id, echoes it and exposes it to the handler', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/v1/card/getToken',
      headers: { 'x-request-id': 'req-abc-123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-abc-123');
    expect(res.json()).toEqual({ correlationId: 'req-abc-123' });
  });

  it('falls back to x-correlation-id, then to a new UUID', async () => {
    const byCorrelation = await app.inject({
      method: 'GET',
      url: '/v1/card/getToken',
      headers: { 'x-correlation-id': 'corr-9' },
    });
    expect(byCorrelation.headers['x-request-id']).toBe('corr-9');

    const fresh = await app.inject({ method: 'GET', url: '/v1/card/getToken' });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
    expect(fresh.json()).toEqual({ correlationId: fresh.headers['x-request-id'] });
  });

  it('rejects unusable incoming ids', async () => {
    for (const bad of ['x'.repeat(129), 'has space', 'tab\there', 'caf\u00e9']) {
      const res = await app.inject({
        method: 'GET',
        url: '/v1/card/getToken',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('keeps the id across awaits after the body is parsed', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/payments',
      headers: { 'x-request-id': 'post-1' },
      payload: { number: PAN, security_code: '123' },
    });
    expect(res.json()).toEqual({ correlationId: 'post-1' });
  });

  it('keeps concurrent requests apart', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `c-${i}`);
    const responses = await Promise.all(
      ids.map((id) =>
        app.inject({
          method: 'POST',
          url: '/v1/payments',
          headers: { 'x-request-id': id },
          payload: {},
        }),
      ),
    );
    expect(responses.map((r) => r.json<{ correlationId: string }>().correlationId)).toEqual(ids);
  });

  it('logs the request at info as id, method and scrubbed URL: no body, no headers', async () => {
    await app.inject({
      method: 'POST',
      url: `/v1/payments?number=${PAN}&security_code=123&project=p1`,
      headers: {
        'x-request-id': 'log-1',
        authorization: 'Bearer secret-token',
        'x-opp-signature': 'deadbeef',
      },
      payload: { number: PAN, security_code: '123', holder: 'JOHN' },
    });
    const line = await waitForLine(sink, requestLine);
    const text = JSON.stringify(line);
    expect(text).not.toContain(PAN);
    expect(text).not.toContain('secret-token');
    expect(text).not.toContain('deadbeef');
    expect(text).not.toContain('JOHN');
    expect(line).toMatchObject({ service: 'api-gateway', level: 'info', correlationId: 'log-1' });
    const req = line.req as Record<string, unknown>;
    expect(req).not.toHaveProperty('body');
    // At info a request is one short line: no headers, no parsed query (they are logged, redacted,
    // at debug; create-logger.spec.ts).
    expect(req).toEqual({
      id: 'log-1',
      method: 'POST',
      url: '/v1/payments?number=[REDACTED]&security_code=[REDACTED]&project=p1',
    });
  });

  it('logs parsed, redacted parameters: a percent-encoded name hides no security code (M1)', async () => {
    await app.inject({
      method: 'GET',
      url:
        `/v1/card/getToken?security%5Fcode=4321&card%5Bsecurity%5Fcode%5D=4322&%6Eumber=${PAN}` +
        '&note=5555%2E5555%2E5555%2E4444&sec%2575rity_code=4323&project=p1',
      headers: { 'x-request-id': 'm1-1' },
    });
    const line = await waitForLine(sink, requestLine);
    const raw = sink.raw.join('\n');
    for (const secret of ['4321', '4322', '4323', PAN, '5555555555554444', '5555.5555']) {
      expect(raw).not.toContain(secret);
    }
    expect((line.req as { url: string }).url).toBe(
      '/v1/card/getToken?security_code=[REDACTED]&card[security_code]=[REDACTED]' +
        '&number=[REDACTED]&note=555555******4444&security_code=[REDACTED]&project=p1',
    );
  });

  it('tags handler logs with the request and masks card data in them', async () => {
    await app.inject({
      method: 'GET',
      url: '/v1/card/getToken',
      headers: { 'x-request-id': 'h-1' },
    });
    const line = await waitForLine(sink, (l) => l.msg === 'issuing token');
    expect(line).toMatchObject({ correlationId: 'h-1', cardHint: '411111******1111' });
    expect((line.req as Record<string, unknown>).id).toBe('h-1');
  });

  it('echoes the id on errors and logs them at error level without the PAN', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/v1/boom',
      headers: { 'x-request-id': 'e-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('e-1');
    const line = await waitForLine(sink, requestLine);
    expect(line.level).toBe('error');
    expect(JSON.stringify(sink.raw)).not.toContain(PAN);

    const missing = await app.inject({
      method: 'GET',
      url: '/nope',
      headers: { 'x-request-id': 'n-1' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('n-1');
  });

  it('continues an incoming traceparent and puts its trace id on the log lines', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const res = await app.inject({
      method: 'GET',
      url: '/v1/trace',
      headers: { 'x-request-id': 't-1', traceparent },
    });
    // Tracing is off here: the context goes on as it came, for the next service.
    expect(res.json()).toEqual({ traceparent });
    const line = await waitForLine(sink, (l) => l.msg === 'traced');
    expect(line).toMatchObject({
      correlationId: 't-1',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
  });

  it('starts a new trace for a request that brings none', async () => {
    const first = await app.inject({ method: 'GET', url: '/v1/trace' });
    const second = await app.inject({
      method: 'GET',
      url: '/v1/trace',
      headers: { traceparent: 'bad' },
    });
    const ids = [first, second].map((r) => r.json<{ traceparent: string }>().traceparent);
    for (const id of ids) expect(id).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('does not log health probes or Prometheus scrapes', async () => {
    const live = await app.inject({ method: 'GET', url: '/health/live' });
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    const scrape = await app.inject({ method: 'GET', url: '/metrics' });
    expect([live.statusCode, ready.statusCode, scrape.statusCode]).toEqual([200, 200, 200]);
    expect(live.headers['x-request-id']).toMatch(UUID);
    await app.inject({ method: 'GET', url: '/v1/card/getToken' });
    await waitForLine(sink, requestLine);
    const urls = sink.lines.filter(requestLine).map((l) => (l.req as { url: string }).url);
    expect(urls).toEqual(['/v1/card/getToken']);
  });
});
