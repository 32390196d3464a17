import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ProjectSettingsV1 } from '@opp/contracts';

/** A service's local copy of a merchant project, fed by the gateway's compacted snapshot topic. */
@Entity({ name: 'project_snapshots' })
export class ProjectSnapshotOrmEntity {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', name: 'public_key' })
  publicKey!: string;

  /**
   * Encrypted under SECRETS_KEYS, in the notifier alone, which signs callbacks with it; null in every
   * other service (ADR 0063).
   */
  @Column({ type: 'text', name: 'signing_key_encrypted', nullable: true })
  signingKeyEncrypted!: string | null;

  @Column({ type: 'text', name: 'callback_url', nullable: true })
  callbackUrl!: string | null;

  @Column({ type: 'char', length: 3, name: 'base_currency' })
  baseCurrency!: string;

  @Column({ type: 'jsonb' })
  settings!: ProjectSettingsV1;

  @Column({ type: 'int' })
  version!: number;

  @Column({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
