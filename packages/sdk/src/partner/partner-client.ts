import { randomUUID } from 'node:crypto';
import { OppHttpError, OppProcessingError } from '../errors';
import { envelopeOf } from '../http/answer-errors';
import { validBaseUrl, validTimeout } from '../http/connection-options';
import { isJsonAnswer, type HttpAnswer } from '../http/http-answer';
import type { FetchLike, RequestOptions } from '../http/request-options';
import { PARTNER_RETRY_POLICY, validateRetryPolicy, type RetryPolicy } from '../http/retry-policy';
import { sendWithRetries, type HttpCall } from '../http/send-with-retries';
import { hmacHex } from '../signing/hmac';
import { verifyPartnerNotification, type PartnerNotification } from './notification';
import type { ProcessingRequest, ProcessingResponse, ProcessingTask } from './processing-types';

export interface PartnerClientOptions {
  /** The gateway's address, e.g. `https://pay.example`. */
  baseUrl: string;
  identifier: string;
  secret: string;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /**
   * Retries on no answer, 502/503/504 and the 404 apology ("repeat in a few seconds"); default
   * PARTNER_RETRY_POLICY: 6 tries over about 3 to 6 s, with jitter.
   */
  retry?: Partial<RetryPolicy>;
  /** Default: Node's global fetch. */
  fetch?: FetchLike;
  /** Headers sent with every call (a call's own headers add to them). */
  headers?: Record<string, string>;
}

/**
 * A partner of the Task-Tree Processing API. Submissions are signed over their exact body bytes and
 * repeated with those bytes only: the same request id with the identical body answers like a status
 * query and starts nothing twice.
 */
export class PartnerClient {
  readonly identifier: string;
  private readonly baseUrl: string;
  private readonly secret: string;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly fetch?: FetchLike;
  private readonly headers: Record<string, string>;
  /** The same calls, answers returned as they are (no error for an HTTP status). */
  readonly raw: {
    /** An object is sent as its JSON text; a string is sent as it is. */
    submit(body: unknown, options?: RequestOptions): Promise<HttpAnswer>;
    status(globalId: string, options?: RequestOptions): Promise<HttpAnswer>;
  };

  constructor(options: PartnerClientOptions) {
    this.baseUrl = validBaseUrl(options.baseUrl);
    for (const name of ['identifier', 'secret'] as const) {
      if (typeof options[name] !== 'string' || options[name] === '') {
        throw new TypeError(`${name} is required`);
      }
    }
    this.identifier = options.identifier;
    this.secret = options.secret;
    this.timeoutMs = validTimeout(options.timeoutMs ?? 30_000);
    this.retry = validateRetryPolicy({ ...PARTNER_RETRY_POLICY, ...options.retry });
    this.fetch = options.fetch;
    this.headers = { ...options.headers };
    this.raw = {
      submit: (body, more) => this.send(this.submitCall(body), more),
      status: (globalId, more) => this.send(this.statusCall(globalId), more),
    };
  }

  /** A Request object for these tasks: a fresh request id, now as its date, this partner. */
  newRequest(
    tasks: ProcessingTask[],
    more: {
      service?: ProcessingRequest['header']['service'];
      parameters?: Record<string, string>;
      settings?: ProcessingRequest['payload']['settings'];
      requestId?: string;
    } = {},
  ): ProcessingRequest {
    return {
      header: {
        request: { id: more.requestId ?? randomUUID(), date: new Date().toISOString() },
        ...(more.service ? { service: more.service } : {}),
      },
      payload: {
        partner: {
          identifier: this.identifier,
          ...(more.parameters ? { parameters: more.parameters } : {}),
        },
        ...(more.settings ? { settings: more.settings } : {}),
        tasks,
      },
    };
  }

  async submit(request: ProcessingRequest, options?: RequestOptions): Promise<ProcessingResponse> {
    return processingResult(await this.raw.submit(request, options));
  }

  async status(globalId: string, options?: RequestOptions): Promise<ProcessingResponse> {
    return processingResult(await this.raw.status(globalId, options));
  }

  /** The globalId of a verified notification; OppSignatureError when it does not verify. */
  verifyNotification(notification: PartnerNotification): string {
    return verifyPartnerNotification(this.secret, notification);
  }

  private submitCall(body: unknown): HttpCall {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    return {
      method: 'POST',
      url: `${this.baseUrl}/processing`,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-opp-signature': hmacHex(this.secret, raw),
      },
      body: raw,
    };
  }

  private statusCall(globalId: string): HttpCall {
    return {
      method: 'GET',
      url: `${this.baseUrl}/processing/status/${encodeURIComponent(globalId)}`,
      headers: {
        accept: 'application/json',
        'x-opp-partner': this.identifier,
        'x-opp-signature': hmacHex(this.secret, globalId),
      },
    };
  }

  private send(call: HttpCall, options: RequestOptions = {}): Promise<HttpAnswer> {
    return sendWithRetries(
      { ...call, headers: { ...this.headers, ...options.headers, ...call.headers } },
      {
        timeoutMs: validTimeout(options.timeoutMs ?? this.timeoutMs),
        retry: this.retry,
        retryable: (answer) => [502, 503, 504].includes(answer.status) || isApology(answer),
        fetch: options.fetch ?? this.fetch,
        signal: options.signal,
      },
    );
  }
}

/** The 404 text apology of a service that cannot accept requests now (repeat in a few seconds). */
function isApology(answer: HttpAnswer): boolean {
  return answer.status === 404 && !isJsonAnswer(answer);
}

function processingResult(answer: HttpAnswer): ProcessingResponse {
  if (answer.status === 200 && isJsonAnswer(answer)) return answer.body as ProcessingResponse;
  if (isApology(answer)) throw new OppProcessingError(404, undefined, answer.text, true);
  const error = envelopeOf(answer.body, 'string');
  if (error) throw new OppProcessingError(answer.status, error.code, error.message);
  if (answer.status === 401) {
    throw new OppProcessingError(401, undefined, 'partner or signature is not valid');
  }
  throw new OppHttpError(answer.status, answer.text);
}
