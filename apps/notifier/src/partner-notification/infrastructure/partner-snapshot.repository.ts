import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { NotifiedPartners, type NotifiedPartner } from '../application/notified-partners';

interface PartnerSnapshotRow {
  identifier: string;
  project_id: number;
  secret_encrypted: string;
}

/** The partner snapshots (`@opp/snapshots` keeps them) as partner notifications read them. */
@Injectable()
export class PartnerSnapshotRepository extends NotifiedPartners {
  async find(work: UnitOfWork, identifier: string): Promise<NotifiedPartner | null> {
    const rows: PartnerSnapshotRow[] = await entityManagerOf(work).query(
      `SELECT identifier, project_id, secret_encrypted FROM partner_snapshots WHERE identifier = $1`,
      [identifier],
    );
    const row = rows[0];
    return row
      ? {
          identifier: row.identifier,
          projectId: row.project_id,
          secretEncrypted: row.secret_encrypted,
        }
      : null;
  }
}
