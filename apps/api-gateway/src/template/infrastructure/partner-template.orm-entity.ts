import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'partner_templates' })
export class PartnerTemplateOrmEntity {
  @PrimaryColumn({ type: 'text', name: 'partner_identifier' })
  partnerIdentifier!: string;

  @PrimaryColumn({ type: 'text' })
  name!: string;

  @Column({ type: 'jsonb' })
  tasks!: Record<string, unknown>[];

  @Column({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
