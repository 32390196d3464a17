import { gatewayResult } from '../http/answer-errors';
import { validTimeout } from '../http/connection-options';
import type { HttpAnswer } from '../http/http-answer';
import type { RequestOptions } from '../http/request-options';
import { sendWithRetries } from '../http/send-with-retries';
import {
  resolveMerchantOptions,
  type MerchantClientOptions,
  type ResolvedMerchantOptions,
} from './merchant-client-options';
import { MerchantRequests, type MerchantCall } from './merchant-requests';
import { OppSignatureError } from '../errors';
import {
  verifyMerchantCallback,
  type CallbackCheck,
  type CallbackCheckOptions,
  type CallbackInput,
  type MerchantCallback,
} from './callback';
import type * as T from './merchant-types';
import { moneyText, optionalMoneyText } from './money';

// Answers that mean the call was not executed, or that its outcome is not known yet: repeating the
// identical signed request is safe, the gateway replays or completes the first one.
const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/**
 * A merchant of the Card Payment Gateway API. Every call is signed with the project's private key;
 * a refusal throws OppApiError with the API's code; a payment decline is an answer (success false).
 */
export class MerchantClient {
  private readonly options: ResolvedMerchantOptions;
  private readonly requests: MerchantRequests;
  /** The same calls by path, answers returned as they are (no error for an HTTP status). */
  readonly raw: { send(call: MerchantCall, options?: RequestOptions): Promise<HttpAnswer> };

  constructor(options: MerchantClientOptions) {
    this.options = resolveMerchantOptions(options);
    this.requests = new MerchantRequests(this.options);
    this.raw = { send: (call, options) => this.send(call, options) };
  }

  /** The parameters with `project`, an optional `timestamp` and their `signature`, as sent. */
  sign(params: Record<string, unknown>): Record<string, unknown> {
    return this.requests.sign(params);
  }

  async resolveUser(
    request: T.ResolveUserRequest,
    options?: RequestOptions,
  ): Promise<T.ResolveUserResponse> {
    return this.post('/v1/user/resolve', { ...request }, options);
  }

  async changeRecurring(
    request: T.ChangeRecurringRequest,
    options?: RequestOptions,
  ): Promise<T.SuccessResponse> {
    return this.post(
      '/v1/user/changeRecurring',
      {
        ...request,
        price: optionalMoneyText(request.price),
      },
      options,
    );
  }

  async cancelRecurring(
    request: T.CancelRecurringRequest,
    options?: RequestOptions,
  ): Promise<T.SuccessResponse> {
    return this.post('/v1/user/cancelRecurring', { ...request }, options);
  }

  /** Tokenizes card data (unsigned, as the API lists it); the token lives 10 minutes. */
  async getToken(
    request: T.GetTokenRequest,
    options?: RequestOptions,
  ): Promise<T.CardTokenResponse> {
    return this.get('/v1/card/getToken', { ...request }, options, false);
  }

  async processCard(
    request: T.ProcessCardRequest,
    options?: RequestOptions,
  ): Promise<T.PaymentResponse> {
    return this.post('/v1/card/process', { ...request, price: moneyText(request.price) }, options);
  }

  async authenticate(
    request: T.AuthenticateRequest,
    options?: RequestOptions,
  ): Promise<T.AuthenticateResponse> {
    return this.post('/v1/card/authenticate', { ...request }, options);
  }

  async processRecurring(
    request: T.ProcessRecurringRequest,
    options?: RequestOptions,
  ): Promise<T.PaymentResponse> {
    return this.post(
      '/v1/card/processRecurring',
      { ...request, price: moneyText(request.price) },
      options,
    );
  }

  async reverse(request: T.ReverseRequest, options?: RequestOptions): Promise<T.ReverseResponse> {
    return this.post(
      '/v1/transaction/reverse',
      { ...request, amount: moneyText(request.amount) },
      options,
    );
  }

  /** A wallet-type payment; send the user to `<checkout_url>/confirm/<id>/`. */
  async createTransaction(
    request: T.CreateTransactionRequest,
    options?: RequestOptions,
  ): Promise<T.CreateTransactionResponse> {
    return this.post(
      '/v1/transaction/create',
      { ...request, price: moneyText(request.price) },
      options,
    );
  }

  async transactionStatus(
    ref: T.TransactionRef,
    options?: RequestOptions,
  ): Promise<T.TransactionStatusResponse> {
    return this.get('/v1/transaction/status', { ...ref }, options);
  }

  /** The path id is signed too, and repeated as the query parameter `id`. */
  async transaction(id: number | string, options?: RequestOptions): Promise<T.Transaction> {
    return this.get(
      `/v1/transactions/${encodeURIComponent(String(id))}`,
      { id: String(id) },
      options,
    );
  }

  /**
   * The transaction's timeline (beyond the spec): the signed requests, status changes, money
   * movements and callback attempts, oldest first. Signed like `transaction(id)`.
   */
  async transactionEvents(
    id: number | string,
    options?: RequestOptions,
  ): Promise<T.TransactionEventsResponse> {
    return this.get(
      `/v1/transactions/${encodeURIComponent(String(id))}/events`,
      { id: String(id) },
      options,
    );
  }

  async transactions(
    query: T.TransactionsQuery,
    options?: RequestOptions,
  ): Promise<T.TransactionsResponse> {
    return this.get('/v1/transactions', { ...query }, options);
  }

  async balance(currency?: string, options?: RequestOptions): Promise<T.BalanceResponse> {
    return this.get('/v1/balance', { currency }, options);
  }

  async payoutTypes(options?: RequestOptions): Promise<T.PayoutTypesResponse> {
    return this.get('/v1/payout-types', {}, options, false);
  }

  async payoutParameters(
    request: T.PayoutParametersRequest,
    options?: RequestOptions,
  ): Promise<T.PayoutParameterControl[]> {
    return this.get('/v1/payout-parameters', { ...request }, options, false);
  }

  async payout(request: T.PayoutRequest, options?: RequestOptions): Promise<T.PayoutResponse> {
    return this.post('/v1/payout', { ...request, amount: moneyText(request.amount) }, options);
  }

  /**
   * A callback checked: `{ valid: true, callback }`, or `{ valid: false, reason }` saying why
   * (answer 403 and log the reason). Pass the raw form body, URLSearchParams or the parsed fields.
   */
  checkCallback(callback: CallbackInput, options: CallbackCheckOptions = {}): CallbackCheck {
    try {
      return { valid: true, callback: this.parseCallback(callback, options) };
    } catch (error) {
      if (error instanceof OppSignatureError) return { valid: false, reason: error.message };
      throw error;
    }
  }

  /** Whether a callback verifies; `checkCallback` also says why not. */
  verifyCallback(callback: CallbackInput, options: CallbackCheckOptions = {}): boolean {
    return this.checkCallback(callback, options).valid;
  }

  /** The callback's parameters once verified; OppSignatureError when they are not. */
  parseCallback(callback: CallbackInput, options: CallbackCheckOptions = {}): MerchantCallback {
    return verifyMerchantCallback(callback, this.options.verifyingKeys, {
      now: this.options.now,
      ...options,
    });
  }

  /**
   * Every page of `transactions(query)`, from `query.page` (default 1) until the list is
   * exhausted: `for await (const page of merchant.transactionPages({ orderId }))`.
   */
  async *transactionPages(
    query: T.TransactionsQuery,
    options?: RequestOptions,
  ): AsyncGenerator<T.TransactionsResponse, void, undefined> {
    let seen = 0;
    for (let page = query.page ?? 1; ; page++) {
      const answer = await this.transactions({ ...query, page }, options);
      yield answer;
      seen += answer.transactions.length;
      if (answer.transactions.length === 0 || seen >= answer.totalCount) return;
    }
  }

  /** Every transaction of `transactions(query)`, page after page. */
  async *allTransactions(
    query: T.TransactionsQuery,
    options?: RequestOptions,
  ): AsyncGenerator<T.Transaction, void, undefined> {
    for await (const page of this.transactionPages(query, options)) yield* page.transactions;
  }

  private post<R>(
    path: string,
    params: Record<string, unknown>,
    options: RequestOptions | undefined,
  ): Promise<R> {
    return this.call<R>({ method: 'POST', path, params }, options);
  }

  /**
   * A signed read carries its path as `nonce` (unless one is given): the gateway binds a signature
   * to one operation for 24 hours, and two reads may sign equal values (`transaction/status?id=17`
   * and `transactions/17`). The nonce keeps them apart, while repeating one read reuses its
   * signature. Unsigned calls still name the project.
   */
  private get<R>(
    path: string,
    params: Record<string, unknown>,
    options: RequestOptions | undefined,
    signed = true,
  ): Promise<R> {
    const named = signed
      ? { ...params, nonce: params['nonce'] ?? path }
      : { project: this.options.publicKey, ...params };
    return this.call<R>({ method: 'GET', path, params: named, signed }, options);
  }

  private async call<R>(call: MerchantCall, options: RequestOptions | undefined): Promise<R> {
    return gatewayResult<R>(await this.send(call, options));
  }

  private send(call: MerchantCall, options: RequestOptions = {}): Promise<HttpAnswer> {
    const built = this.requests.build(call);
    return sendWithRetries(
      { ...built, headers: { ...this.options.headers, ...options.headers, ...built.headers } },
      {
        timeoutMs: validTimeout(options.timeoutMs ?? this.options.timeoutMs),
        retry: this.options.retry,
        retryable: (answer) => RETRYABLE_STATUSES.has(answer.status),
        fetch: options.fetch ?? this.options.fetch,
        signal: options.signal,
      },
    );
  }
}
