import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Project } from '../../project/domain/project';

export type RequestParams = Record<string, unknown>;

/** What the merchant guards attach to an authenticated request. */
export interface MerchantRequest {
  merchant?: { project: Project; params: RequestParams };
}

/** ADR 0003: a POST signs its body fields, a GET its query parameters. */
export function requestParams(request: FastifyRequest): RequestParams {
  const source = request.method === 'GET' ? request.query : request.body;
  return source !== null && typeof source === 'object' && !Array.isArray(source)
    ? (source as RequestParams)
    : {};
}

/** The authenticated merchant of the request (set by SignedRequestGuard). */
export const Merchant = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const { merchant } = context.switchToHttp().getRequest<FastifyRequest & MerchantRequest>();
  if (!merchant) throw new Error('Merchant() used on a route without a merchant guard');
  return merchant;
});

export type AuthenticatedMerchant = NonNullable<MerchantRequest['merchant']>;

/**
 * The one idempotency key of a mutating `/v1` command (ADR 0059): the project and the accepted
 * signature. Every retry of the request carries it, so the owning service answers the outcome it
 * stored under it instead of making a second effect.
 */
export function commandKey(merchant: AuthenticatedMerchant): string {
  return `${merchant.project.id}:${String(merchant.params['signature'])}`;
}
