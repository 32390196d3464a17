import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { ProjectSettings } from '../domain/project';

@Entity({ name: 'projects' })
export class ProjectOrmEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', name: 'public_key', unique: true })
  publicKey!: string;

  /**
   * Envelopes under MERCHANT_SECRETS_KEKS (docs/security/key-hierarchy.md): a database dump alone
   * does not reveal signing keys.
   */
  @Column({ type: 'text', name: 'private_key_encrypted' })
  privateKeyEncrypted!: string;

  @Column({ type: 'text', name: 'previous_private_key_encrypted', nullable: true })
  previousPrivateKeyEncrypted!: string | null;

  /** The KEK both keys' data keys are wrapped under (key rotation and retirement). */
  @Column({ type: 'text', name: 'kek_id', nullable: true })
  kekId!: string | null;

  @Column({ type: 'timestamptz', name: 'previous_key_expires_at', nullable: true })
  previousKeyExpiresAt!: Date | null;

  @Column({ type: 'text', name: 'callback_url', nullable: true })
  callbackUrl!: string | null;

  @Column({ type: 'char', length: 3, name: 'base_currency' })
  baseCurrency!: string;

  @Column({ type: 'jsonb' })
  settings!: ProjectSettings;

  /** Bumped on every change; snapshots carry it so read models keep the newest. */
  @Column({ type: 'int', default: 1 })
  version!: number;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
