import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'partners' })
export class PartnerOrmEntity {
  @PrimaryColumn({ type: 'text' })
  identifier!: string;

  @Column({ type: 'int', name: 'project_id' })
  projectId!: number;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  /** An envelope under MERCHANT_SECRETS_KEKS; it must be readable to verify HMACs, so it is not hashed. */
  @Column({ type: 'text', name: 'secret_encrypted' })
  secretEncrypted!: string;

  /** The KEK the secret's data key is wrapped under (key rotation and retirement). */
  @Column({ type: 'text', name: 'kek_id', nullable: true })
  kekId!: string | null;

  @Column({ type: 'int', default: 1 })
  version!: number;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
