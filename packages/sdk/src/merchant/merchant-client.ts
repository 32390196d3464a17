import { gatewayResult } from '../http/answer-errors';
import type { HttpAnswer } from '../http/http-answer';
import { sendWithRetries } from '../http/send-with-retries';
import {
  resolveMerchantOptions,
  type MerchantClientOptions,
  type ResolvedMerchantOptions,
} from './merchant-client-options';
import { MerchantRequests, type MerchantCall } from './merchant-requests';
import {
  verifyMerchantCallback,
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
  readonly raw: { send(call: MerchantCall): Promise<HttpAnswer> };

  constructor(options: MerchantClientOptions) {
    this.options = resolveMerchantOptions(options);
    this.requests = new MerchantRequests(this.options);
    this.raw = { send: (call) => this.send(call) };
  }

  /** The parameters with `project`, an optional `timestamp` and their `signature`, as sent. */
  sign(params: Record<string, unknown>): Record<string, unknown> {
    return this.requests.sign(params);
  }

  async resolveUser(request: T.ResolveUserRequest): Promise<T.ResolveUserResponse> {
    return this.post('/v1/user/resolve', { ...request });
  }

  async changeRecurring(request: T.ChangeRecurringRequest): Promise<T.SuccessResponse> {
    return this.post('/v1/user/changeRecurring', {
      ...request,
      price: optionalMoneyText(request.price),
    });
  }

  async cancelRecurring(request: T.CancelRecurringRequest): Promise<T.SuccessResponse> {
    return this.post('/v1/user/cancelRecurring', { ...request });
  }

  /** Tokenizes card data (unsigned, as the API lists it); the token lives 10 minutes. */
  async getToken(request: T.GetTokenRequest): Promise<T.CardTokenResponse> {
    return this.get('/v1/card/getToken', { ...request }, false);
  }

  async processCard(request: T.ProcessCardRequest): Promise<T.PaymentResponse> {
    return this.post('/v1/card/process', { ...request, price: moneyText(request.price) });
  }

  async authenticate(request: T.AuthenticateRequest): Promise<T.AuthenticateResponse> {
    return this.post('/v1/card/authenticate', { ...request });
  }

  async processRecurring(request: T.ProcessRecurringRequest): Promise<T.PaymentResponse> {
    return this.post('/v1/card/processRecurring', { ...request, price: moneyText(request.price) });
  }

  async reverse(request: T.ReverseRequest): Promise<T.ReverseResponse> {
    return this.post('/v1/transaction/reverse', { ...request, amount: moneyText(request.amount) });
  }

  /** A wallet-type payment; send the user to `<checkout_url>/confirm/<id>/`. */
  async createTransaction(
    request: T.CreateTransactionRequest,
  ): Promise<T.CreateTransactionResponse> {
    return this.post('/v1/transaction/create', { ...request, price: moneyText(request.price) });
  }

  async transactionStatus(ref: T.TransactionRef): Promise<T.TransactionStatusResponse> {
    return this.get('/v1/transaction/status', { ...ref });
  }

  /** The path id is signed too, and repeated as the query parameter `id`. */
  async transaction(id: number | string): Promise<T.Transaction> {
    return this.get(`/v1/transactions/${encodeURIComponent(String(id))}`, { id: String(id) });
  }

  async transactions(query: T.TransactionsQuery): Promise<T.TransactionsResponse> {
    return this.get('/v1/transactions', { ...query });
  }

  async balance(currency?: string): Promise<T.BalanceResponse> {
    return this.get('/v1/balance', { currency });
  }

  async payoutTypes(): Promise<T.PayoutTypesResponse> {
    return this.get('/v1/payout-types', {}, false);
  }

  async payoutParameters(request: T.PayoutParametersRequest): Promise<T.PayoutParameterControl[]> {
    return this.get('/v1/payout-parameters', { ...request }, false);
  }

  async payout(request: T.PayoutRequest): Promise<T.PayoutResponse> {
    return this.post('/v1/payout', { ...request, amount: moneyText(request.amount) });
  }

  /**
   * Whether a callback's parameters carry a valid signature (and, with `maxAgeSeconds`, a fresh
   * signed timestamp). Pass the raw form body, URLSearchParams or the parsed fields.
   */
  verifyCallback(callback: CallbackInput, options: CallbackCheckOptions = {}): boolean {
    try {
      this.parseCallback(callback, options);
      return true;
    } catch {
      return false;
    }
  }

  /** The callback's parameters once verified; OppSignatureError when they are not. */
  parseCallback(callback: CallbackInput, options: CallbackCheckOptions = {}): MerchantCallback {
    return verifyMerchantCallback(callback, this.options.verifyingKeys, {
      now: this.options.now,
      ...options,
    });
  }

  private post<R>(path: string, params: Record<string, unknown>): Promise<R> {
    return this.call<R>({ method: 'POST', path, params });
  }

  /** Unsigned calls still name the project. */
  /**
   * A signed read carries its path as `nonce` (unless one is given): the gateway binds a signature
   * to one operation for 24 hours, and two reads may sign equal values (`transaction/status?id=17`
   * and `transactions/17`). The nonce keeps them apart, while repeating one read reuses its signature.
   */
  private get<R>(path: string, params: Record<string, unknown>, signed = true): Promise<R> {
    const named = signed
      ? { ...params, nonce: params['nonce'] ?? path }
      : { project: this.options.publicKey, ...params };
    return this.call<R>({ method: 'GET', path, params: named, signed });
  }

  private async call<R>(call: MerchantCall): Promise<R> {
    return gatewayResult<R>(await this.send(call));
  }

  private send(call: MerchantCall): Promise<HttpAnswer> {
    return sendWithRetries(this.requests.build(call), {
      timeoutMs: this.options.timeoutMs,
      retry: this.options.retry,
      retryable: (answer) => RETRYABLE_STATUSES.has(answer.status),
    });
  }
}
