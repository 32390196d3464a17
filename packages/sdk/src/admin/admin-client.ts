import { gatewayResult } from '../http/answer-errors';
import { validBaseUrl, validTimeout } from '../http/connection-options';
import { formEncode } from '../http/form-encoding';
import type { HttpAnswer } from '../http/http-answer';
import type { FetchLike, RequestOptions } from '../http/request-options';
import { DEFAULT_RETRY_POLICY, validateRetryPolicy, type RetryPolicy } from '../http/retry-policy';
import { sendWithRetries, type HttpCall } from '../http/send-with-retries';
import type * as A from '../generated/admin-types';

export interface AdminClientOptions {
  /** The admin listener (ADMIN_HOST:ADMIN_PORT), never the public gateway, e.g. `http://127.0.0.1:3001`. */
  baseUrl: string;
  /** ADMIN_TOKEN, or an operator token (read scope: reads only). */
  token: string;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Reads only are repeated (no answer, 502/503/504); a write is sent once. Default 3 tries. */
  retry?: Partial<RetryPolicy>;
  fetch?: FetchLike;
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/**
 * The operator's admin API (ADR 0002, ADR 0061): projects and their keys, partners, templates,
 * operator tokens, deliveries and sandbox disputes, with a bearer token. Refusals throw
 * OppApiError with the catalogue's code, as on /v1.
 */
export class AdminClient {
  private readonly baseUrl: string;
  private readonly token: string;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly fetch?: FetchLike;
  private readonly headers: Record<string, string>;

  constructor(options: AdminClientOptions) {
    this.baseUrl = validBaseUrl(options.baseUrl);
    if (typeof options.token !== 'string' || options.token === '') {
      throw new TypeError('token is required');
    }
    this.token = options.token;
    this.timeoutMs = validTimeout(options.timeoutMs ?? 30_000);
    this.retry = validateRetryPolicy({ ...DEFAULT_RETRY_POLICY, ...options.retry });
    this.fetch = options.fetch;
    this.headers = { ...options.headers };
  }

  /** A project; its `privateKey` is shown only in this answer (and on a key rotation). */
  createProject(
    body: A.CreateProjectBody,
    options?: RequestOptions,
  ): Promise<A.CreateProjectAnswer> {
    return this.call('POST', '/admin/v1/projects', body, options);
  }

  getProject(id: number, options?: RequestOptions): Promise<A.GetProjectAnswer> {
    return this.call('GET', `/admin/v1/projects/${id}`, undefined, options);
  }

  updateProject(
    id: number,
    body: A.UpdateProjectBody,
    options?: RequestOptions,
  ): Promise<A.UpdateProjectAnswer> {
    return this.call('PATCH', `/admin/v1/projects/${id}`, body, options);
  }

  rotateProjectKeys(
    id: number,
    body: A.RotateProjectKeysBody = {},
    options?: RequestOptions,
  ): Promise<A.RotateProjectKeysAnswer> {
    return this.call('POST', `/admin/v1/projects/${id}/rotate-keys`, body, options);
  }

  /** A partner of a project; its `secret` is shown only in this answer. */
  createPartner(
    body: A.CreatePartnerBody,
    options?: RequestOptions,
  ): Promise<A.CreatePartnerAnswer> {
    return this.call('POST', '/admin/v1/partners', body, options);
  }

  getPartner(identifier: string, options?: RequestOptions): Promise<A.GetPartnerAnswer> {
    return this.call('GET', `/admin/v1/partners/${enc(identifier)}`, undefined, options);
  }

  putTemplate(
    identifier: string,
    name: string,
    body: A.PutTemplateBody,
    options?: RequestOptions,
  ): Promise<A.PutTemplateAnswer> {
    return this.call('PUT', templatePath(identifier, name), body, options);
  }

  getTemplate(
    identifier: string,
    name: string,
    options?: RequestOptions,
  ): Promise<A.GetTemplateAnswer> {
    return this.call('GET', templatePath(identifier, name), undefined, options);
  }

  deleteTemplate(identifier: string, name: string, options?: RequestOptions): Promise<void> {
    return this.call('DELETE', templatePath(identifier, name), undefined, options);
  }

  createOperator(
    body: A.CreateOperatorBody,
    options?: RequestOptions,
  ): Promise<A.CreateOperatorAnswer> {
    return this.call('POST', '/admin/v1/operators', body, options);
  }

  listOperators(options?: RequestOptions): Promise<A.ListOperatorsAnswer> {
    return this.call('GET', '/admin/v1/operators', undefined, options);
  }

  removeOperator(name: string, options?: RequestOptions): Promise<void> {
    return this.call('DELETE', `/admin/v1/operators/${enc(name)}`, undefined, options);
  }

  listDeliveries(
    query: A.ListDeliveriesQuery = {},
    options?: RequestOptions,
  ): Promise<A.ListDeliveriesAnswer> {
    const text = formEncode({ ...query });
    return this.call('GET', `/admin/v1/deliveries${text ? `?${text}` : ''}`, undefined, options);
  }

  replayDelivery(id: string, options?: RequestOptions): Promise<A.ReplayDeliveryAnswer> {
    return this.call('POST', `/admin/v1/deliveries/${enc(id)}/replay`, undefined, options);
  }

  /** Sandbox projects only: a chargeback of a completed payment, as a card scheme would send. */
  simulateChargeback(
    transactionId: number,
    options?: RequestOptions,
  ): Promise<A.SimulateChargebackAnswer> {
    return this.call(
      'POST',
      `/admin/v1/sandbox/transactions/${transactionId}/chargeback`,
      undefined,
      options,
    );
  }

  simulateRetrieval(
    transactionId: number,
    options?: RequestOptions,
  ): Promise<A.SimulateRetrievalAnswer> {
    return this.call(
      'POST',
      `/admin/v1/sandbox/transactions/${transactionId}/retrieval`,
      undefined,
      options,
    );
  }

  private async call<R>(
    method: Method,
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<R> {
    const headers: Record<string, string> = {
      ...this.headers,
      ...options.headers,
      accept: 'application/json',
      authorization: `Bearer ${this.token}`,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const call: HttpCall = {
      method,
      url: this.baseUrl + path,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    };
    const answer: HttpAnswer = await sendWithRetries(call, {
      timeoutMs: validTimeout(options.timeoutMs ?? this.timeoutMs),
      // A write may have been applied when no answer came: it is not repeated blindly.
      retry: method === 'GET' ? this.retry : { ...this.retry, attempts: 1 },
      retryable: (a) => RETRYABLE_STATUSES.has(a.status),
      fetch: options.fetch ?? this.fetch,
      signal: options.signal,
    });
    if (answer.status === 204) return undefined as R;
    return gatewayResult<R>(answer);
  }
}

const enc = encodeURIComponent;
const templatePath = (identifier: string, name: string) =>
  `/admin/v1/partners/${enc(identifier)}/templates/${enc(name)}`;
