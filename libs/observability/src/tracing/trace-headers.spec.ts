import { newTraceHeaders, readTraceHeaders, traceHeaderFields, traceIdOf } from './trace-headers';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('W3C trace headers', () => {
  it('reads traceparent and tracestate from HTTP headers and Kafka header buffers', () => {
    expect(readTraceHeaders({ traceparent: PARENT })).toEqual({ traceparent: PARENT });
    expect(
      readTraceHeaders({ traceparent: Buffer.from(PARENT), tracestate: Buffer.from('opp=1') }),
    ).toEqual({ traceparent: PARENT, tracestate: 'opp=1' });
    expect(readTraceHeaders({ traceparent: [PARENT, 'ignored'] })).toEqual({
      traceparent: PARENT,
    });
  });

  it('ignores a missing or malformed traceparent, and an oversized tracestate', () => {
    for (const bad of [
      undefined,
      '',
      'garbage',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    ]) {
      expect(readTraceHeaders({ traceparent: bad })).toBeUndefined();
    }
    expect(readTraceHeaders(undefined)).toBeUndefined();
    expect(readTraceHeaders({ traceparent: PARENT, tracestate: 'x'.repeat(513) })).toEqual({
      traceparent: PARENT,
    });
  });

  it('writes the header fields to send', () => {
    expect(traceHeaderFields(undefined)).toEqual({});
    expect(traceHeaderFields({ traceparent: PARENT, tracestate: 'a=b' })).toEqual({
      traceparent: PARENT,
      tracestate: 'a=b',
    });
  });

  it('makes a new sampled root context with random ids', () => {
    const a = newTraceHeaders();
    const b = newTraceHeaders();
    expect(a.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(readTraceHeaders({ traceparent: a.traceparent })).toEqual(a);
    expect(traceIdOf(a)).not.toBe(traceIdOf(b));
    expect(traceIdOf({ traceparent: PARENT })).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });
});
