import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Payments' copy of the users it charges, fed by users-recurring's user events. */
@Entity({ name: 'users_read_model' })
export class UserReadModelOrmEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'int', name: 'project_id' })
  projectId!: number;

  @Column({ type: 'text' })
  identifier!: string;

  @Column({ type: 'text', name: 'display_name', nullable: true })
  displayName!: string | null;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ type: 'text', nullable: true })
  locale!: string | null;

  @Column({ type: 'text', nullable: true })
  ip!: string | null;

  @Column({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
