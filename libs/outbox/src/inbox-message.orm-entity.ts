import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A message a consumer has applied; the row is written in the transaction of its effects. */
@Entity({ name: 'inbox_messages' })
export class InboxMessageOrmEntity {
  @PrimaryColumn({ type: 'text' })
  consumer!: string;

  @PrimaryColumn({ type: 'uuid', name: 'message_id' })
  messageId!: string;

  /** What the handler returned (a request's reply), answered again on redelivery. */
  @Column({ type: 'jsonb', nullable: true })
  result!: unknown;

  @CreateDateColumn({ type: 'timestamptz', name: 'processed_at' })
  processedAt!: Date;
}
