import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { PartnerRequestIds } from '../application/partner-request-ids';
import type { ClaimedRequestId } from '../domain/request-id-reuse';

/** ADR 0017 on processing_requests: the unique index on (partner, request_id) is the rule itself. */
@Injectable()
export class PartnerRequestIdRepository extends PartnerRequestIds {
  async find(
    work: UnitOfWork,
    partner: string,
    requestId: string,
  ): Promise<ClaimedRequestId | null> {
    const rows: { global_id: string; body_fingerprint: string }[] = await entityManagerOf(
      work,
    ).query(
      `SELECT global_id, body_fingerprint FROM processing_requests
       WHERE partner_identifier = $1 AND request_id = $2`,
      [partner, requestId],
    );
    return rows[0]
      ? { globalId: rows[0].global_id, bodyFingerprint: rows[0].body_fingerprint }
      : null;
  }
}
