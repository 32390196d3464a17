import { IsInt, IsISO8601, IsOptional, IsString, Length, Min } from 'class-validator';
import { defineMessage } from '../../message-definition';
import { Topics } from '../../topics';

/** The latest state of a partner, keyed by identifier; the secret travels encrypted (SECRETS_KEYS). */
export class PartnerSnapshotV1 {
  @IsString() @Length(1, 128) identifier!: string;
  @IsInt() @Min(1) projectId!: number;
  @IsOptional() @IsString() name?: string | null;
  @IsString() secretEncrypted!: string;
  @IsInt() @Min(1) version!: number;
  @IsISO8601() updatedAt!: string;
}

export const PartnerSnapshotV1Message = defineMessage(
  'gateway.partner-snapshot.v1',
  Topics.partnerSnapshots,
  PartnerSnapshotV1,
);
