import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One attempt of a delivery, written before it is sent and completed with its outcome. */
@Entity({ name: 'delivery_attempts' })
export class DeliveryAttemptOrmEntity {
  @PrimaryColumn({ type: 'uuid', name: 'delivery_id' })
  deliveryId!: string;

  @PrimaryColumn({ type: 'int' })
  number!: number;

  @Column({ type: 'text' })
  outcome!: 'in-flight' | 'succeeded' | 'failed' | 'abandoned';

  @Column({ type: 'int', name: 'http_status', nullable: true })
  httpStatus!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'timestamptz', name: 'started_at' })
  startedAt!: Date;

  @Column({ type: 'timestamptz', name: 'finished_at', nullable: true })
  finishedAt!: Date | null;
}
