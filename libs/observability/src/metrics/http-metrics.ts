import type { FastifyInstance } from 'fastify';
import type { HistogramDefinition, MetricsRegistry } from './metrics-registry';

/** The route label of a request no route matched (404s, probes of random URLs). */
export const UNMATCHED_ROUTE = 'unmatched';

export const HTTP_REQUEST_DURATION: HistogramDefinition<'method' | 'route' | 'status'> = {
  name: 'opp_http_request_duration_seconds',
  help: 'HTTP requests by method, route template and status code, from arrival to the last byte',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
};

/**
 * Times every HTTP request with a Fastify onResponse hook (errors and 404s included). The route
 * label is the route template (`/v1/transactions/:id`), never the raw URL, so the number of series
 * stays bounded. Must run before the server starts, like installFastifyRequestId.
 */
export function installHttpMetrics(instance: FastifyInstance, metrics: MetricsRegistry): void {
  const histogram = metrics.histogram(HTTP_REQUEST_DURATION);
  instance.addHook('onResponse', (request, reply, done) => {
    histogram.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
