import {
  WALLET_METHODS,
  type CreateWalletTransactionV1,
  type ResolveUserV1,
  type WalletMethod,
} from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { fieldText, freeText, optionalText } from '../../http/interface/form-fields';
import type { RequestParams } from '../../merchant-auth/interface/merchant-request';
import { readHttpUrl } from '../../card/interface/charge-fields';
import { readPrice } from '../../card/interface/money-fields';
import { toResolveUserCommand } from '../../user/interface/resolve-user.request';

export type WalletTransactionFields = Omit<
  CreateWalletTransactionV1,
  'idempotencyKey' | 'projectId' | 'user'
>;

export interface WalletTransactionRequest {
  /** `user` is the merchant's identifier of the user, resolved (created once) like user/resolve. */
  user: ResolveUserV1;
  transaction: WalletTransactionFields;
}

const isWalletMethod = (text: string): text is WalletMethod =>
  (WALLET_METHODS as readonly string[]).includes(text);

/**
 * Reads POST /v1/transaction/create (ADR 0008). `user` missing: 40002; a `payment_method` that is
 * not one of the seven keys, `mobile_wallet` without `phone`, a missing description or return URL:
 * 400 40017 naming the field; price and currency as for card/process (ADR 0009).
 */
export function readWalletTransactionRequest(
  projectId: number,
  params: RequestParams,
): WalletTransactionRequest {
  const user = toResolveUserCommand(
    projectId,
    {
      identifier: params['user'],
      display_name: params['display_name'],
      email: params['email'],
      phone: params['phone'],
      ip: params['ip'],
      locale: params['locale'],
      ua: params['ua'],
    },
    false,
  );
  const method = fieldText(params, 'payment_method')?.trim() ?? '';
  if (!isWalletMethod(method)) {
    throw ApiError.of(
      ErrorCode.InvalidParameter,
      `payment_method must be one of ${WALLET_METHODS.join(', ')}`,
    );
  }
  if (method === 'mobile_wallet' && user.phone === undefined) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'phone is required for mobile_wallet');
  }
  const { minor, currency } = readPrice(params);
  const description = freeText(params, 'description', 1024);
  if (description === undefined) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'description is required');
  }
  const successUrl = requiredUrl(params, 'success_url');
  const failUrl = requiredUrl(params, 'fail_url');
  const orderId = optionalText(params, 'order_id', 64);
  return {
    user,
    transaction: {
      paymentMethod: method,
      priceMinor: minor.toString(),
      currency,
      description,
      successUrl,
      failUrl,
      ...(orderId !== undefined ? { orderId } : {}),
      ...(user.phone !== undefined ? { phone: user.phone } : {}),
    },
  };
}

function requiredUrl(params: RequestParams, name: string): string {
  const url = readHttpUrl(params, name);
  if (url === undefined) throw ApiError.of(ErrorCode.InvalidParameter, `${name} is required`);
  return url;
}
