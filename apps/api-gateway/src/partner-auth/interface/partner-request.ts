import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Partner } from '../../partner/domain/partner';

/** What the partner guards attach to an authenticated request. */
export interface PartnerRequest {
  partner?: Partner;
}

/** The authenticated partner of the request (set by a partner signature guard). */
export const AuthenticatedPartner = createParamDecorator(
  (_: unknown, context: ExecutionContext) => {
    const { partner } = context.switchToHttp().getRequest<FastifyRequest & PartnerRequest>();
    if (!partner) throw new Error('AuthenticatedPartner() used on a route without a partner guard');
    return partner;
  },
);
