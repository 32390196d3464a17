import type { IncomingMessage } from 'node:http';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import * as qs from 'qs';
import { answerClientError, decodeEncodedSlashes, drainRefusedBodies } from './http-edge';

/**
 * Merchants send PHP-style nested fields (`card[number]`, `created[from]`); qs reads them into
 * objects, with limits so a hostile query cannot make deep or huge structures.
 */
export const QS_OPTIONS: qs.IParseOptions = {
  depth: 3,
  parameterLimit: 200,
  arrayLimit: 50,
  allowPrototypes: false,
};

/**
 * `trustedProxies`: the addresses or CIDR ranges whose `X-Forwarded-For` is believed; by default
 * none, so `request.ip` is the peer of the socket and a client cannot choose its own address.
 */
export function createHttpAdapter(trustedProxies: readonly string[] = []): FastifyAdapter {
  const adapter = new FastifyAdapter({
    trustProxy: trustedProxies.length > 0 ? [...trustedProxies] : false,
    bodyLimit: 1024 * 1024,
    // ADR 0016: encoded slashes of /v1 paths route as decoded; Node's own refusals in the envelope.
    rewriteUrl: (req: IncomingMessage) => decodeEncodedSlashes(req.url ?? '/'),
    clientErrorHandler: answerClientError,
    routerOptions: {
      querystringParser: (query) => qs.parse(query, QS_OPTIONS),
    },
  });
  drainRefusedBodies(adapter.getInstance());
  return adapter;
}
