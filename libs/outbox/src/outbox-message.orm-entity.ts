import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A message written in the same transaction as the change it announces, waiting for the relay. */
@Entity({ name: 'outbox_messages' })
export class OutboxMessageOrmEntity {
  /** Insertion order: the relay sends in this order, which keeps each key's messages in order. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  seq!: string;

  @Index({ unique: true })
  @Column({ type: 'uuid', name: 'message_id' })
  messageId!: string;

  @Column({ type: 'text' })
  topic!: string;

  @Column({ type: 'text', name: 'message_key' })
  key!: string;

  @Column({ type: 'text', name: 'message_type' })
  type!: string;

  /** The whole envelope, as it goes on the wire. */
  @Column({ type: 'jsonb' })
  envelope!: unknown;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  headers!: Record<string, string>;

  /** The unit of work that wrote the row: sent as headers, so the consumer continues its trace. */
  @Column({ type: 'text', name: 'correlation_id', nullable: true })
  correlationId!: string | null;

  @Column({ type: 'text', nullable: true })
  traceparent!: string | null;

  @Column({ type: 'text', nullable: true })
  tracestate!: string | null;

  /** Until then the writer sends the row itself, after its commit (ADR 0065); null: the relay's. */
  @Column({ type: 'timestamptz', name: 'held_until', nullable: true })
  heldUntil!: Date | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
