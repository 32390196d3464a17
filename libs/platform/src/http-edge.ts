import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError, ErrorCode, toErrorEnvelope } from '@opp/errors';

const ENCODED_SLASH = /%2f/gi;

/**
 * ADR 0016: an older PHP SDK sends `/v1/user%2Fresolve`; the router matches raw paths, so the
 * encoded slashes of a /v1 path are decoded before routing. The query string is left as sent.
 */
export function decodeEncodedSlashes(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (!ENCODED_SLASH.test(path)) return url;
  const decoded = path.replace(ENCODED_SLASH, '/');
  if (!decoded.startsWith('/v1/')) return url;
  return queryAt < 0 ? decoded : decoded + url.slice(queryAt);
}

/**
 * What is written on the socket when Node refuses a request before any route sees it (ADR 0016):
 * headers (or a URL, which counts towards them) too large is 431 43101, anything else unreadable
 * 400 40017, both in the error envelope, never Fastify's own shape and never echoing the request.
 * Undefined when there is no one left to answer.
 */
export function clientErrorResponse(error: { code?: string }): string | undefined {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return undefined;
  const apiError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ApiError.of(ErrorCode.HeadersTooLarge)
      : ApiError.of(ErrorCode.InvalidParameter, 'the request could not be read');
  const body = JSON.stringify(toErrorEnvelope(apiError));
  return [
    `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

export function answerClientError(error: { code?: string }, socket: Socket): void {
  const response = socket.writable ? clientErrorResponse(error) : undefined;
  if (response === undefined) socket.destroy();
  else socket.end(response);
}

/**
 * A refused request's body is read and dropped rather than cut off, up to this many bytes: past
 * it the connection is closed, as Fastify asks, and a client still sending may see a reset.
 */
export const DRAINED_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Lingering close (ADR 0016): Fastify answers a body it refuses (413 over the limit, a body it
 * cannot parse) at once with `Connection: close`, before reading it. Node then closes a socket
 * that still holds unread bytes, which resets the connection, and a client still uploading gets
 * EPIPE instead of the error envelope. For a body of bounded size the connection is kept instead:
 * Node reads the rest and drops it, and the client reads its answer.
 */
export function drainRefusedBodies(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const declared = Number(request.headers['content-length'] ?? NaN);
    if (
      reply.getHeader('connection') === 'close' &&
      !request.raw.complete &&
      declared <= DRAINED_BODY_LIMIT
    ) {
      reply.removeHeader('connection');
    }
    done(null, payload);
  });
}
