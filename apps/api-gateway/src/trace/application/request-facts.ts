import { isSecurityCodeKey, maskCardNumbers } from '@opp/card-bins';

/**
 * What the money trace keeps of a signed request (ADR 0066), stored with its answer: method, path,
 * the parameters with card numbers masked, security codes and the signature left out, the latency
 * of the answer, the transaction it answered (the answer's `id`) or named (the `id` parameter of a
 * reversal), and its order id.
 */
export interface RequestTraceFacts {
  method: string;
  path: string;
  params: Record<string, unknown>;
  latencyMs: number;
  transactionId: number | null;
  namedTransactionId: number | null;
  orderId: string | null;
  /** The request's correlation id: the messages it caused carry it (ADR 0066). */
  correlationId: string | null;
}

const LEFT_OUT = new Set(['signature']);

export function maskParams(params: Record<string, unknown>): Record<string, unknown> {
  const masked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (LEFT_OUT.has(key)) continue;
    masked[key] = maskValue(key, value);
  }
  return masked;
}

function maskValue(key: string, value: unknown): unknown {
  if (isSecurityCodeKey(key)) return '***';
  if (typeof value === 'string') return maskCardNumbers(value);
  if (typeof value === 'number')
    return maskCardNumbers(String(value)) === String(value) ? value : '***';
  if (Array.isArray(value)) return value.map((item) => maskValue(key, item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskValue(k, v)]),
    );
  }
  return value;
}

const SAFE_ID = /^\d{1,15}$/;

function idOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && SAFE_ID.test(value)) return Number(value);
  return null;
}

export function requestTraceFacts(input: {
  method: string;
  path: string;
  params: Record<string, unknown>;
  answer: unknown;
  startedAt: number;
  correlationId?: string;
  now?: number;
}): RequestTraceFacts {
  const answer =
    input.answer !== null && typeof input.answer === 'object'
      ? (input.answer as Record<string, unknown>)
      : {};
  const orderId = input.params['order_id'] ?? input.params['orderId'];
  return {
    method: input.method,
    path: input.path,
    params: maskParams(input.params),
    latencyMs: Math.max(0, Math.round((input.now ?? Date.now()) - input.startedAt)),
    transactionId: idOf(answer['id']),
    namedTransactionId: idOf(input.params['id'] ?? input.params['transaction_id']),
    orderId: typeof orderId === 'string' && orderId !== '' ? orderId : null,
    correlationId: input.correlationId ?? null,
  };
}
