import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ErrorCode, toErrorEnvelope } from '@opp/errors';
import {
  isProcessingUrl,
  processingBadInput,
} from '../../processing/interface/processing-bad-input';
import { findMalformedText } from './well-formed-text';

/**
 * Longer URLs are 414 41401. Node itself refuses a request line and headers past its 16 KiB
 * header limit (431 43101, answered by the platform's client error handler), so this limit is
 * below that one.
 */
export const MAX_URL_LENGTH = 8 * 1024;

/** Merchant routes: where ADR 0016's text rules apply. */
export function isMerchantUrl(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/**
 * ADR 0016 at the edge, before guards (signature checks) or handlers read anything: an over-long
 * URL is 414, and on /v1 a NUL character or an unpaired surrogate in any query, path or body
 * value (or name) is 400 40017 naming the field, never repeating what was sent.
 */
export function refuseBadInput(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    if ((request.raw.url ?? '').length <= MAX_URL_LENGTH) return done();
    void reply.code(414).send(toErrorEnvelope(ApiError.of(ErrorCode.UriTooLong)));
  });
  fastify.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (isProcessingUrl(request.url)) return refuseBadProcessingInput(request, reply, done);
    if (!isMerchantUrl(request.url)) return done();
    const field =
      findMalformedText(request.params) ??
      findMalformedText(request.query) ??
      findMalformedText(request.body);
    if (field === undefined) return done();
    const error = ApiError.of(
      ErrorCode.InvalidParameter,
      `${field} holds a NUL character or an unpaired surrogate`,
    );
    void reply.code(error.status).send(toErrorEnvelope(error));
  });
}

// The processing API's own error shape (ADR 0004), 400 INVALID_REQUEST, before the partner's
// signature is checked or anything is read: a NUL would reach PostgreSQL and a hostile depth
// would overflow the sealer's walk (ADR 0016).
function refuseBadProcessingInput(
  request: FastifyRequest,
  reply: FastifyReply,
  done: () => void,
): void {
  const problem =
    processingBadInput(request.params) ??
    processingBadInput(request.query) ??
    processingBadInput(request.body);
  if (problem === null) return done();
  void reply.code(400).send({ error: { code: 'INVALID_REQUEST', message: problem } });
}
