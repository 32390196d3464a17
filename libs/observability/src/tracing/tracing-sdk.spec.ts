import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { currentTraceHeaders } from './trace-context';
import { inHttpClientSpan } from './http-client-span';
import { inSpan } from './span-scope';
import { readTraceHeaders, traceIdOf } from './trace-headers';
import { activeTracer, startTracing, stopTracing } from './tracing-sdk';

const PARENT = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };

// Keeps what it got past the provider's shutdown, which flushes the batch.
class KeepingExporter extends InMemorySpanExporter {
  override shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

describe('spans with tracing on', () => {
  const exporter = new KeepingExporter();

  it('stays off without an endpoint', () => {
    expect(startTracing({ serviceName: 'payments', exporter })).toBe(false);
    expect(activeTracer()).toBeUndefined();
  });

  it('records child spans of the incoming trace, named and linked, with the service name', async () => {
    expect(
      startTracing({ endpoint: 'http://collector:4318', serviceName: 'payments', exporter }),
    ).toBe(true);
    const headers = await inSpan(
      'process payments.charge.v1',
      { kind: SpanKind.CONSUMER, parent: PARENT },
      async (consumer) => {
        const client = await inHttpClientSpan('POST', 'http://merchant.test/cb?sig=x', (sent) =>
          Promise.resolve(sent),
        );
        return { consumer: consumer.headers, client, current: currentTraceHeaders() };
      },
    );
    await stopTracing(); // flushes the batch
    expect(activeTracer()).toBeUndefined();

    // Same trace, new span ids: each hop is a child of the one before.
    expect(traceIdOf(headers.consumer)).toBe(traceIdOf(PARENT));
    expect(headers.consumer.traceparent).not.toBe(PARENT.traceparent);
    expect(headers.current).toEqual(headers.consumer);
    const client = readTraceHeaders(headers.client)!;
    expect(traceIdOf(client)).toBe(traceIdOf(PARENT));

    const spans = exporter.getFinishedSpans();
    const consumerSpan = spans.find((s) => s.name === 'process payments.charge.v1')!;
    const clientSpan = spans.find((s) => s.name === 'POST')!;
    expect(consumerSpan.resource.attributes['service.name']).toBe('payments');
    expect(consumerSpan.kind).toBe(SpanKind.CONSUMER);
    expect(consumerSpan.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(clientSpan.kind).toBe(SpanKind.CLIENT);
    expect(clientSpan.parentSpanContext?.spanId).toBe(consumerSpan.spanContext().spanId);
    expect(clientSpan.attributes).toEqual({
      'http.request.method': 'POST',
      'server.address': 'merchant.test',
      'url.path': '/cb',
    });
    expect(client.traceparent).toContain(clientSpan.spanContext().spanId);
  });
});
