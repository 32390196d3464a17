import {
  Injectable,
  type CanActivate,
  type ExecutionContext,
  type RawBodyRequest,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { verifyPartnerSignature } from '@opp/signature';
import { PartnerDirectory } from '../../partner/application/partner-directory';
import { PartnerAuthRefusal } from './partner-auth-refusal';
import type { PartnerRequest } from './partner-request';

export const PARTNER_HEADER = 'x-opp-partner';
export const SIGNATURE_HEADER = 'x-opp-signature';

type GuardedRequest = RawBodyRequest<FastifyRequest> & PartnerRequest;

/** Who claims to sign, what they signed and the signature given. */
export interface SignedPart {
  identifier: unknown;
  signedData: string | Buffer;
  signature: unknown;
}

/**
 * ADR 0004: a partner signs with its secret; the route says what is signed. Missing, unknown or
 * wrong partner or signature: refused as unauthorized, without saying which.
 */
@Injectable()
export abstract class PartnerSignatureGuard implements CanActivate {
  constructor(private readonly partners: PartnerDirectory) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const { identifier, signedData, signature } = this.signedPart(request);
    if (typeof identifier !== 'string' || identifier === '' || identifier.length > 128) {
      throw PartnerAuthRefusal.unauthorized();
    }
    const partner = await this.partners.byIdentifier(identifier);
    if (!partner || !verifyPartnerSignature(partner.secret, signedData, signature)) {
      throw PartnerAuthRefusal.unauthorized();
    }
    request.partner = partner;
    return true;
  }

  protected abstract signedPart(request: GuardedRequest): SignedPart;
}

/**
 * POST /processing: the raw body is signed, the partner named inside it
 * (`payload.partner.identifier`). A body that is no JSON object cannot name a partner.
 */
@Injectable()
export class PartnerBodySignatureGuard extends PartnerSignatureGuard {
  protected signedPart(request: GuardedRequest): SignedPart {
    const body: unknown = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || !request.rawBody) {
      throw PartnerAuthRefusal.unreadableBody();
    }
    return {
      identifier: (body as { payload?: { partner?: { identifier?: unknown } } }).payload?.partner
        ?.identifier,
      signedData: request.rawBody,
      signature: request.headers[SIGNATURE_HEADER],
    };
  }
}

/** GET /processing/status/{globalId}: the GlobalId is signed, the partner named in a header. */
@Injectable()
export class PartnerGlobalIdSignatureGuard extends PartnerSignatureGuard {
  protected signedPart(request: GuardedRequest): SignedPart {
    const { globalId } = request.params as { globalId?: string };
    return {
      identifier: request.headers[PARTNER_HEADER],
      signedData: globalId ?? '',
      signature: request.headers[SIGNATURE_HEADER],
    };
  }
}
