import { SpanKind } from '@opentelemetry/api';
import { inSpan, type SpanScope } from './span-scope';
import { traceHeaderFields } from './trace-headers';

/**
 * An outgoing HTTP call in a client span of the current trace. `send` gets the `traceparent` (and
 * `tracestate`) to add to the request, so the receiver can continue the trace, and reports the
 * status it got with `span.setAttributes`. Only host and path are recorded: queries carry
 * signatures and parameters.
 */
export function inHttpClientSpan<T>(
  method: string,
  url: string,
  send: (traceHeaders: Record<string, string>, span: SpanScope) => Promise<T>,
): Promise<T> {
  const target = new URL(url);
  return inSpan(
    method,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'http.request.method': method,
        'server.address': target.hostname,
        'url.path': target.pathname,
      },
    },
    (span) => send(traceHeaderFields(span.headers), span),
  );
}
