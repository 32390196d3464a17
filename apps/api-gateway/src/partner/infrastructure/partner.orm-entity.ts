import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'partners' })
export class PartnerOrmEntity {
  @PrimaryColumn({ type: 'text' })
  identifier!: string;

  @Column({ type: 'int', name: 'project_id' })
  projectId!: number;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  /** Encrypted under SECRETS_KEYS; it must be readable to verify HMACs, so it is not hashed. */
  @Column({ type: 'text', name: 'secret_encrypted' })
  secretEncrypted!: string;

  @Column({ type: 'int', default: 1 })
  version!: number;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
