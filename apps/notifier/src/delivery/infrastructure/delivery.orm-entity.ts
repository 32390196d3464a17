import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { DeliveryKind, DeliveryStatus } from '@opp/contracts';
import type { DeliveryRequest, DeliveryTask } from '../domain/delivery';

@Entity({ name: 'deliveries' })
export class DeliveryOrmEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  kind!: DeliveryKind;

  @Column({ type: 'text' })
  status!: DeliveryStatus;

  @Column({ type: 'text', name: 'dedupe_key', unique: true })
  dedupeKey!: string;

  @Column({ type: 'int', name: 'project_id', nullable: true })
  projectId!: number | null;

  @Column({ type: 'text', name: 'partner_identifier', nullable: true })
  partnerIdentifier!: string | null;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  method!: string;

  @Column({ type: 'text' })
  target!: string;

  /** Computed once, signature included, and sent as it is on every attempt (ADR 0010). */
  @Column({ type: 'jsonb' })
  request!: DeliveryRequest;

  @Column({ type: 'jsonb', nullable: true })
  task!: DeliveryTask | null;

  @Column({ type: 'int' })
  attempts!: number;

  @Column({ type: 'int', name: 'cycle_attempts' })
  cycleAttempts!: number;

  @Column({ type: 'timestamptz', name: 'next_attempt_at', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError!: string | null;

  @Column({ type: 'int', name: 'last_http_status', nullable: true })
  lastHttpStatus!: number | null;

  @Column({ type: 'text', name: 'reported_outcome', nullable: true })
  reportedOutcome!: 'SUCCESS' | 'FAIL' | null;

  @Column({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', name: 'succeeded_at', nullable: true })
  succeededAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'dead_at', nullable: true })
  deadAt!: Date | null;

  /** What created the delivery, resumed by its attempts (logs, trace). */
  @Column({ type: 'text', name: 'correlation_id', nullable: true })
  correlationId!: string | null;

  @Column({ type: 'text', nullable: true })
  traceparent!: string | null;

  @Column({ type: 'text', nullable: true })
  tracestate!: string | null;
}
