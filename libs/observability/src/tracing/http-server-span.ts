import { SpanKind } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SpanScope } from './span-scope';
import { readTraceHeaders } from './trace-headers';

const scopes = new WeakMap<IncomingMessage, SpanScope>();

/**
 * The server span of one HTTP request, continuing the caller's `traceparent` if it sent one. Only
 * the path is recorded, never the query (GET /v1/card/getToken carries card data in it). The span
 * ends when the response is done; under Fastify it is first named after the route template.
 */
export function openHttpServerSpan(
  req: IncomingMessage,
  res: ServerResponse,
  correlationId: string,
): SpanScope {
  const method = req.method ?? 'GET';
  const scope = SpanScope.open(method, {
    kind: SpanKind.SERVER,
    parent: readTraceHeaders(req.headers),
    attributes: {
      'http.request.method': method,
      'url.path': (req.url ?? '/').split('?')[0],
      'opp.correlation_id': correlationId,
    },
  });
  scopes.set(req, scope);
  res.once('close', () => endServerSpan(scope, res.statusCode));
  return scope;
}

function endServerSpan(scope: SpanScope, status: number): void {
  scope.setAttributes({ 'http.response.status_code': status });
  if (status >= 500) scope.fail(`HTTP ${status}`);
  scope.end();
}

/** Names each request's span `METHOD /route/:template` (bounded names, unlike raw URLs). */
export function installFastifySpanNaming(instance: unknown): void {
  const fastify = instance as Partial<FastifyInstance> | undefined;
  if (typeof fastify?.addHook !== 'function') return;
  fastify.addHook('onResponse', (request, reply, done) => {
    const scope = scopes.get(request.raw);
    const route = request.routeOptions?.url;
    if (scope && route) {
      scope.rename(`${request.method} ${route}`);
      scope.setAttributes({ 'http.route': route });
    }
    if (scope) endServerSpan(scope, reply.statusCode);
    done();
  });
}
