import { SpanKind, trace } from '@opentelemetry/api';
import { currentTraceHeaders, runWithTraceHeaders } from './trace-context';
import { inSpan, SpanScope } from './span-scope';
import { traceIdOf } from './trace-headers';

const PARENT = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };

// Tracing is off here (no SDK registered): nothing is recorded, the context still travels.
describe('spans with tracing off', () => {
  it('registers nothing: the API stays a no-op', () => {
    const scope = SpanScope.open('GET', { kind: SpanKind.SERVER });
    scope.run(() => expect(trace.getActiveSpan()).toBeUndefined());
    scope.end();
  });

  it('passes an incoming traceparent on unchanged', async () => {
    const seen = await inSpan('process', { kind: SpanKind.CONSUMER, parent: PARENT }, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return currentTraceHeaders();
    });
    expect(seen).toEqual(PARENT);
    expect(currentTraceHeaders()).toBeUndefined();
  });

  it('starts a new trace at the edge, and nested spans keep it', async () => {
    const [outer, inner] = await inSpan('GET', { kind: SpanKind.SERVER }, async (scope) => {
      const nested = await inSpan('request', { kind: SpanKind.CLIENT }, async (child) =>
        Promise.resolve(child.headers),
      );
      return [scope.headers, nested];
    });
    expect(outer.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(inner).toEqual(outer);
  });

  it('continues the trace headers carried without a span (a stored origin)', async () => {
    const seen = await runWithTraceHeaders(PARENT, () =>
      inSpan('POST', { kind: SpanKind.CLIENT }, async (scope) => Promise.resolve(scope.headers)),
    );
    expect(traceIdOf(seen)).toBe(traceIdOf(PARENT));
  });

  it('propagates a failure', async () => {
    await expect(
      inSpan('process', { kind: SpanKind.CONSUMER }, () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
  });
});
