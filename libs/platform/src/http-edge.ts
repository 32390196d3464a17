import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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
