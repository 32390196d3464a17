import type { ProcessChargeV1 } from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { readChargeTerms } from '@opp/money';
import { fieldText, fieldValue, freeText, optionalText } from '../../http/interface/form-fields';
import type { RequestParams } from '../../merchant-auth/interface/merchant-request';
import type { ChargeUserRef } from '../application/charge-user.resolver';
import { toResolveUserCommand } from '../../user/interface/resolve-user.request';
import { hasCardData, readCardInput, type CardFields } from './card-fields';
import { readAttributes, readHttpUrl, readObject } from './charge-fields';

export type ChargeFields = Omit<
  ProcessChargeV1,
  'idempotencyKey' | 'projectId' | 'user' | 'sealedCard'
>;

/** Exactly one of the two: a vaulted card's token, or card data (sealed before it is sent). */
export interface ChargeCard {
  cardToken?: string;
  card?: CardFields;
}

export interface ChargeRequest {
  user: ChargeUserRef;
  card: CardFields | undefined;
  charge: ChargeFields;
}

const USER_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Reads POST /v1/card/process into the payments command, with the spec's codes where it has them
 * and 400 40017 (naming the parameter) for everything else. Checked in this order: user, card, the
 * charge's terms (price and currency, the switches, the recurring days), then the free fields.
 */
export function readChargeRequest(
  projectId: number,
  params: RequestParams,
  now: Date = new Date(),
): ChargeRequest {
  const user = readChargeUser(projectId, params);
  const { card, cardToken } = readChargeCard(params, now);
  // Price, currency and the switches, by the rule payments' processing tasks use too (ADR 0031).
  const { priceMinor, ...terms } = fieldValue(readChargeTerms(params));
  const description = freeText(params, 'description', 1024);
  if (description === undefined) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'description is required');
  }
  const orderId = optionalText(params, 'order_id', 64);
  const acsReturnUrl = readHttpUrl(params, 'acs_return_url');
  return {
    user,
    card,
    charge: {
      ...(cardToken !== undefined ? { cardToken } : {}),
      ...terms,
      priceMinor: priceMinor.toString(),
      description,
      attributes: readAttributes(params),
      ...(orderId !== undefined ? { orderId } : {}),
      ...(acsReturnUrl !== undefined ? { acsReturnUrl } : {}),
    },
  };
}

/**
 * `user` is an internal id, or a User object: `user[identifier]` (40002 when missing) with
 * `user[ip]` (40011) and optionally `user[email]`, `user[phone]`, `user[locale]`,
 * `user[displayName]` (or `user[display_name]`), `user[ua]`, validated as POST /user/resolve does.
 * A User object with only `user[id]` is read as an internal id. No user at all is 40002.
 */
export function readChargeUser(projectId: number, params: RequestParams): ChargeUserRef {
  const object = readObject(params, 'user');
  if (object === undefined) {
    const id = fieldText(params, 'user')?.trim();
    if (id === undefined || id === '') throw ApiError.of(ErrorCode.UserIdentifierMissing);
    return userById(id);
  }
  const identifier = fieldText(object, 'identifier')?.trim();
  const id = fieldText(object, 'id')?.trim();
  if ((identifier === undefined || identifier === '') && id !== undefined && id !== '') {
    return userById(id);
  }
  const fields: RequestParams = { ...object };
  if (fields['display_name'] === undefined) fields['display_name'] = object['displayName'];
  return { kind: 'object', resolve: toResolveUserCommand(projectId, fields) };
}

// An id that cannot exist is reported like an unknown one.
function userById(id: string): ChargeUserRef {
  if (!USER_ID.test(id)) throw ApiError.of(ErrorCode.UserNotFound);
  return { kind: 'id', userId: id };
}

/**
 * `card_token` or a `card[...]` object, not both (400 40017). Neither: 40008 (card token missing)
 * when `card_token` was sent empty, otherwise 40009 (card data missing). An all-empty card object
 * counts as absent; a partly filled one is validated field by field (40003-40007, 40012, 40013, 40015).
 */
export function readChargeCard(params: RequestParams, now: Date): ChargeCard {
  const token = fieldText(params, 'card_token')?.trim();
  const object = readObject(params, 'card');
  const withToken = token !== undefined && token !== '';
  const withCard = object !== undefined && hasCardData(object);
  if (withToken && withCard) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'give card_token or card, not both');
  }
  if (withToken) {
    if (token.length > 128) throw ApiError.of(ErrorCode.CardTokenInvalid);
    return { cardToken: token };
  }
  if (withCard) return { card: readCardInput(object, now) };
  throw ApiError.of(
    params['card_token'] !== undefined ? ErrorCode.CardTokenMissing : ErrorCode.CardDataMissing,
  );
}
