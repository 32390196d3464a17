import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { inHttpClientSpan } from '@opp/observability';
import type { DestinationGuard, ResolvedAddress } from '@opp/destination-guard';
import type { AttemptResult, HttpDeliveryRequest } from '../domain/delivery';

const USER_AGENT = 'OPP-Notifier/1';

/** Connection-level failures: the destination did not answer at all (ADR 0033 counts them). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

const TIMED_OUT = 'no answer within the time limit';

/**
 * One HTTP attempt (ADR 0010) with `node:http` over keep-alive agents: any 2xx within the time
 * limit is a success; redirects are not followed (a 3xx is a failure, and cannot lead past the SSRF
 * guard). A refused or timed-out connection is a result, not an exception: nothing is thrown or
 * wrapped on that path. The body of the answer is drained and dropped, so the socket is reused.
 */
export class HttpDeliverySender {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  constructor(
    private readonly guard: DestinationGuard,
    private readonly timeoutMs: number,
  ) {}

  async send(request: HttpDeliveryRequest): Promise<AttemptResult> {
    const destination = await this.guard.check(request.url);
    if (!destination.ok) {
      return {
        ok: false,
        permanent: true,
        httpStatus: null,
        error: `destination refused: ${destination.reason}`,
      };
    }
    const url = destination.url;
    // The merchant gets a `traceparent`: its own tracing can join the request's trace.
    return inHttpClientSpan(request.method, request.url, async (traceHeaders, span) => {
      const result = await this.exchange(url, request, traceHeaders, destination.pinned);
      if (result.httpStatus !== null) {
        span.setAttributes({ 'http.response.status_code': result.httpStatus });
      }
      if (!result.ok) span.fail(result.error);
      return result;
    });
  }

  private exchange(
    url: URL,
    request: HttpDeliveryRequest,
    traceHeaders: Record<string, string>,
    pinned: ResolvedAddress | undefined,
  ): Promise<AttemptResult> {
    const client = url.protocol === 'https:' ? https : http;
    const agent = url.protocol === 'https:' ? this.agents['https:'] : this.agents['http:'];
    return new Promise<AttemptResult>((resolve) => {
      let settled = false;
      const settle = (result: AttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const outgoing = client.request(url, {
        method: request.method,
        agent,
        headers: {
          'user-agent': USER_AGENT,
          ...request.headers,
          ...traceHeaders,
          ...(request.body === null ? {} : { 'content-length': Buffer.byteLength(request.body) }),
        },
        // Connect to the address the guard checked, not to a second DNS answer.
        lookup: pinned ? pinnedLookup(pinned) : undefined,
      });
      const timer = setTimeout(() => {
        settle({ ok: false, httpStatus: null, error: TIMED_OUT, unreachable: true });
        outgoing.destroy();
      }, this.timeoutMs);
      outgoing.on('response', (response) => {
        const status = response.statusCode ?? 0;
        // Drain and drop the body (bounded by the time limit) so the kept-alive socket is reused.
        response.setTimeout(this.timeoutMs, () => response.destroy());
        response.on('error', () => undefined);
        response.resume();
        if (status >= 200 && status < 300) settle({ ok: true, httpStatus: status });
        else settle({ ok: false, httpStatus: status, error: `HTTP ${status}` });
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? 'error';
        settle({
          ok: false,
          httpStatus: null,
          error: `${code}: ${error.message}`,
          ...(UNREACHABLE_CODES.has(code) ? { unreachable: true } : {}),
        });
      });
      // The exact stored bytes go out: no re-encoding of the body.
      outgoing.end(request.body ?? undefined);
    });
  }
}

function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}
