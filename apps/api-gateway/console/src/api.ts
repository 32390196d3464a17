import type {
  BalanceHistory,
  DeliveryPage,
  DeliveryView,
  MoneyTrace,
  ResendDeadResult,
  TraceSearchResult,
} from './trace-types';

/** A refused or failed admin call, with the admin error envelope's code and message. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string | number | null,
    message: string,
  ) {
    super(message);
  }

  get unauthorized(): boolean {
    return this.status === 401;
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

const seg = encodeURIComponent;

/**
 * The admin API as the console uses it: same origin (the admin listener that served the
 * console), the token as `Authorization: Bearer`, never a cookie (ADR 0066).
 */
export class AdminApi {
  constructor(
    private readonly token: string,
    private readonly onUnauthorized: () => void = () => undefined,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' },
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (error) {
      throw new ApiFailure(0, null, `No answer from the gateway: ${String(error)}`);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const envelope = (body as { error?: { code?: string | number; message?: string } } | null)
        ?.error;
      const failure = new ApiFailure(
        response.status,
        envelope?.code ?? null,
        envelope?.message ?? `HTTP ${response.status}`,
      );
      if (failure.unauthorized) this.onUnauthorized();
      throw failure;
    }
    return body as T;
  }

  search(query: Query): Promise<TraceSearchResult> {
    return this.call('GET', withQuery('/admin/v1/trace/search', query));
  }

  transaction(id: string): Promise<MoneyTrace> {
    return this.call('GET', `/admin/v1/trace/transactions/${seg(id)}`);
  }

  order(projectId: string, orderId: string): Promise<MoneyTrace> {
    return this.call('GET', `/admin/v1/trace/orders/${seg(projectId)}/${seg(orderId)}`);
  }

  processing(globalId: string): Promise<MoneyTrace> {
    return this.call('GET', `/admin/v1/trace/processing/${seg(globalId)}`);
  }

  deliveries(projectId: string, query: Query): Promise<DeliveryPage> {
    return this.call('GET', withQuery(`/admin/v1/projects/${seg(projectId)}/deliveries`, query));
  }

  resend(deliveryId: string): Promise<DeliveryView> {
    return this.call('POST', `/admin/v1/deliveries/${seg(deliveryId)}/resend`);
  }

  resendDead(projectId: string, dryRun: boolean): Promise<ResendDeadResult> {
    return this.call(
      'POST',
      withQuery(`/admin/v1/projects/${seg(projectId)}/deliveries/resend-dead`, { dryRun }),
    );
  }

  balanceHistory(projectId: string, days = 30): Promise<BalanceHistory> {
    return this.call(
      'GET',
      withQuery(`/admin/v1/projects/${seg(projectId)}/balance/history`, { days }),
    );
  }
}
