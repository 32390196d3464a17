import type { TransactionStatusChangedV1 } from '@opp/contracts';
import { signParams } from '@opp/signature';
import type { HttpDeliveryRequest } from '../../delivery/domain/delivery';

export type CallbackParams = Record<string, string>;

/**
 * The merchant callback's parameters (gateway-api.md, Events): every listed parameter present, empty
 * when there is no value, then one `attr_<name>` per custom attribute. Attribute names are taken as
 * given when they already start with `attr_`. With `timestamp` (Unix seconds, ADR 0018: projects with
 * `requireTimestamp`) the callback carries it as a signed parameter, so a merchant can refuse a
 * stale or replayed callback.
 */
export function callbackParams(
  event: TransactionStatusChangedV1,
  callbackStatus: string,
  timestamp?: number,
): CallbackParams {
  const params: CallbackParams = {
    project: String(event.projectId),
    user: event.userId,
    id: String(event.transactionId),
    reference_id: textOf(event.referenceId),
    order_id: textOf(event.orderId),
    amount: event.amount,
    price: event.price,
    deposit: event.deposit,
    earned: event.earned,
    vat_rate: event.vatRate,
    vat_amount: event.vatAmount,
    currency: event.currency,
    type: 'transaction',
    status: callbackStatus,
    reason: textOf(event.reason),
    sandbox: event.sandbox ? '1' : '0',
    ...(timestamp === undefined ? {} : { timestamp: String(timestamp) }),
  };
  for (const [name, value] of Object.entries(event.attributes ?? {})) {
    const key = name.startsWith('attr_') ? name : `attr_${name}`;
    if (!(key in params)) params[key] = textOf(value);
  }
  return params;
}

/** ADR 0003: signed with the project's private key over every parameter except `signature`. */
export function signedCallback(params: CallbackParams, privateKey: string): CallbackParams {
  return { ...params, signature: signParams(params, privateKey) };
}

/** A form POST of the signed parameters to the project's callback URL. */
export function callbackRequest(url: string, signed: CallbackParams): HttpDeliveryRequest {
  return {
    channel: 'http',
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(signed).toString(),
  };
}

function textOf(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value);
}
