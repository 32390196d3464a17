import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'processing_tasks' })
export class ProcessingTaskOrmEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'global_id' })
  globalId!: string;

  @Column({ type: 'uuid', name: 'parent_id', nullable: true })
  parentId!: string | null;

  @Column({ type: 'text' })
  branch!: string;

  @Column({ type: 'text' })
  path!: string;

  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'int' })
  depth!: number;

  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'text', nullable: true })
  template!: string | null;

  /** Encrypted with SECRETS_KEYS (card data); null once the task is over. */
  @Column({ type: 'text', name: 'payload_encrypted', nullable: true })
  payloadEncrypted!: string | null;

  @Column({ type: 'jsonb', name: 'public_payload' })
  publicPayload!: Record<string, unknown>;

  @Column({ type: 'timestamptz', name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'jsonb', nullable: true })
  data!: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  interactive!: Record<string, unknown> | null;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ type: 'timestamptz', name: 'due_at', nullable: true })
  dueAt!: Date | null;

  @Column({ type: 'uuid', name: 'auth_task_id', nullable: true })
  authTaskId!: string | null;

  @Column({ type: 'text', name: 'partner_return_url', nullable: true })
  partnerReturnUrl!: string | null;

  @Column({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'started_at', nullable: true })
  startedAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'finished_at', nullable: true })
  finishedAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
