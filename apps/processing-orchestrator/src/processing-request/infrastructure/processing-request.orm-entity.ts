import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { NotificationTarget } from '../domain/processing-request-parser';

@Entity({ name: 'processing_requests' })
export class ProcessingRequestOrmEntity {
  @PrimaryColumn({ type: 'uuid', name: 'global_id' })
  globalId!: string;

  @Column({ type: 'text', name: 'partner_identifier' })
  partnerIdentifier!: string;

  @Column({ type: 'int', name: 'project_id' })
  projectId!: number;

  @Column({ type: 'boolean' })
  sandbox!: boolean;

  @Column({ type: 'jsonb' })
  request!: Record<string, unknown>;

  @Column({ type: 'boolean' })
  sync!: boolean;

  @Column({ type: 'text', name: 'waiting_time' })
  waitingTime!: string;

  @Column({ type: 'jsonb' })
  targets!: NotificationTarget[];

  @Column({ type: 'text', name: 'user_ip', nullable: true })
  userIp!: string | null;

  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', name: 'finished_at', nullable: true })
  finishedAt!: Date | null;
}
