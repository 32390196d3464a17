import axios, { type AxiosRequestConfig } from 'axios';
import type { Readable } from 'node:stream';
import { inHttpClientSpan } from '@opp/observability';
import type { AttemptResult, HttpDeliveryRequest } from '../domain/delivery';
import type { DestinationGuard } from '@opp/destination-guard';

const USER_AGENT = 'OPP-Notifier/1';

/**
 * One HTTP attempt (ADR 0010): any 2xx within the time limit is a success; redirects are not
 * followed (a 3xx is a failure, and cannot lead past the SSRF guard). The body of the answer is not
 * read.
 */
export class HttpDeliverySender {
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
    const config: AxiosRequestConfig = {
      method: request.method,
      url: request.url,
      headers: { 'user-agent': USER_AGENT, ...request.headers },
      data: request.body ?? undefined,
      timeout: this.timeoutMs,
      signal: AbortSignal.timeout(this.timeoutMs),
      maxRedirects: 0,
      responseType: 'stream',
      validateStatus: () => true,
      // The exact stored bytes go out: no JSON re-encoding of the body.
      transformRequest: [(data: unknown) => data],
    };
    const pinned = destination.pinned;
    if (pinned) {
      // Connect to the address the guard checked, not to a second DNS answer.
      config.lookup = (_host, _options, callback) =>
        callback(null, { address: pinned.address, family: pinned.family });
    }
    // The merchant gets a `traceparent`: its own tracing can join the request's trace.
    return inHttpClientSpan(request.method, request.url, async (traceHeaders, span) => {
      config.headers = { ...config.headers, ...traceHeaders };
      try {
        const response = await axios.request<Readable>(config);
        response.data.destroy();
        const status = response.status;
        span.setAttributes({ 'http.response.status_code': status });
        if (status >= 200 && status < 300) return { ok: true, httpStatus: status };
        return { ok: false, httpStatus: status, error: `HTTP ${status}` };
      } catch (error) {
        span.fail(error);
        return { ok: false, httpStatus: null, error: describe(error) };
      }
    });
  }
}

function describe(error: unknown): string {
  if (axios.isAxiosError(error)) {
    if (error.code === 'ECONNABORTED' || error.code === 'ERR_CANCELED') {
      return 'no answer within the time limit';
    }
    return `${error.code ?? 'error'}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
