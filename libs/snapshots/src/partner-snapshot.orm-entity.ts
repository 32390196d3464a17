import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A service's local copy of a partner, fed by the gateway's compacted snapshot topic. */
@Entity({ name: 'partner_snapshots' })
export class PartnerSnapshotOrmEntity {
  @PrimaryColumn({ type: 'text' })
  identifier!: string;

  @Column({ type: 'int', name: 'project_id' })
  projectId!: number;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  /** Encrypted under SECRETS_KEYS, in the notifier alone; null elsewhere (ADR 0063). */
  @Column({ type: 'text', name: 'secret_encrypted', nullable: true })
  secretEncrypted!: string | null;

  @Column({ type: 'int' })
  version!: number;

  @Column({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
