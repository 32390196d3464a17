import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ErrorCode, toErrorEnvelope } from '@opp/errors';

/**
 * Served on the internal listener only: operators' and machines' routes (the operator console of
 * ADR 0066 among them), never the internet's.
 */
const INTERNAL_ROUTE = /^\/(?:admin|metrics|console)(?:\/|$)/;
/** Probes reach either listener. */
const SHARED_ROUTE = /^\/health(?:\/|$)/;

export type RouteSide = 'internal' | 'public' | 'shared';

/** Which listener serves a route pattern (e.g. `/admin/v1/projects/:id`). */
export function routeSide(routePattern: string): RouteSide {
  if (INTERNAL_ROUTE.test(routePattern)) return 'internal';
  return SHARED_ROUTE.test(routePattern) ? 'shared' : 'public';
}

/**
 * One Fastify instance, two sockets (docs/security/edge-rules.md): the public port, and `adminPort`,
 * a second HTTP server that hands its requests to the same router. A hook decides by the matched
 * route pattern, not by the raw URL (which may be percent-encoded), whether the socket a request
 * came in on may reach it; anything else is 404 in the error envelope, as an unknown route is.
 * Routes added later by any module (e.g. GET /metrics) follow the same rule without knowing of it.
 */
export function serveInternalRoutesOn(fastify: FastifyInstance, adminPort: number, host: string) {
  const internalSockets = new WeakSet<Socket>();
  const server: Server = createServer((req, res) => fastify.routing(req, res));
  server.on('connection', (socket: Socket) => internalSockets.add(socket));

  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const pattern = request.routeOptions.url;
    if (pattern === undefined) return done();
    const side = routeSide(pattern);
    const internal = internalSockets.has(request.raw.socket);
    if (side === 'shared' || (side === 'internal') === internal) return done();
    void reply.code(404).send(toErrorEnvelope(ApiError.of(ErrorCode.ResourceNotFound)));
  });
  // Opened once the routes are ready and before the public port listens, so a ready gateway
  // always serves both; closed with the app.
  fastify.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(adminPort, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  });
  fastify.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
