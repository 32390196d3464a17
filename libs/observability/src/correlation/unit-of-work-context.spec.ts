import { SpanKind } from '@opentelemetry/api';
import { SpanScope } from '../tracing/span-scope';
import { currentTraceHeaders, runWithTraceHeaders } from '../tracing/trace-context';
import { currentCorrelationId, runWithCorrelation } from './correlation-context';

const trace = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };

describe('unit of work context (correlation id and trace headers in one store)', () => {
  it('keeps the trace headers when a correlation id is set below them, and back', async () => {
    const seen = await runWithTraceHeaders(trace, () =>
      runWithCorrelation('msg-1', async () => {
        await new Promise((resolve) => setImmediate(resolve));
        return [currentCorrelationId(), currentTraceHeaders()];
      }),
    );
    expect(seen).toEqual(['msg-1', trace]);
    const inner = runWithCorrelation('msg-2', () =>
      runWithTraceHeaders(trace, () => currentCorrelationId()),
    );
    expect(inner).toBe('msg-2');
    expect(currentCorrelationId()).toBeUndefined();
    expect(currentTraceHeaders()).toBeUndefined();
  });

  it('sets a span scope trace headers and a correlation id in one step', () => {
    const scope = SpanScope.open('GET', { kind: SpanKind.SERVER, parent: trace });
    const seen = scope.run(() => [currentCorrelationId(), currentTraceHeaders()], {
      correlationId: 'req-1',
    });
    expect(seen).toEqual(['req-1', trace]);
  });
});
