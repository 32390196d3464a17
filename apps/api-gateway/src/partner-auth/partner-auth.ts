import { Injectable } from '@nestjs/common';
import { verifyPartnerSignature } from '@opp/signature';
import { PartnerDirectory } from '../partner/application/partner-directory';
import type { Partner } from '../partner/domain/partner';
import { ProcessingError } from '../processing/interface/processing-error';

export const PARTNER_HEADER = 'x-opp-partner';
export const SIGNATURE_HEADER = 'x-opp-signature';

/**
 * ADR 0004: a partner signs the raw request body (POST /processing) or the GlobalId (status) with
 * its secret. Missing, unknown or wrong partner or signature: 401, without saying which.
 */
@Injectable()
export class PartnerAuth {
  constructor(private readonly partners: PartnerDirectory) {}

  async verify(
    identifier: unknown,
    signedData: string | Buffer,
    signature: unknown,
  ): Promise<Partner> {
    if (typeof identifier !== 'string' || identifier === '' || identifier.length > 128) {
      throw ProcessingError.unauthorized();
    }
    const partner = await this.partners.byIdentifier(identifier);
    if (!partner || !verifyPartnerSignature(partner.secret, signedData, signature)) {
      throw ProcessingError.unauthorized();
    }
    return partner;
  }
}
