import { IsInt, IsISO8601, IsOptional, IsString, Length, Min } from 'class-validator';
import { defineMessage } from '../../message-definition';
import { Topics } from '../../topics';

/** What every snapshot of a partner holds (ADR 0063: no secret). */
export class PartnerSnapshotFieldsV1 {
  @IsString() @Length(1, 128) identifier!: string;
  @IsInt() @Min(1) projectId!: number;
  @IsOptional() @IsString() name?: string | null;
  @IsInt() @Min(1) version!: number;
  @IsISO8601() updatedAt!: string;
}

/**
 * The latest state of a partner, keyed by identifier, read by every service. It carries no secret
 * (ADR 0063): `secretEncrypted` is never set by the gateway any more and is ignored by readers; it
 * stays optional only so that records published before remain valid.
 */
export class PartnerSnapshotV1 extends PartnerSnapshotFieldsV1 {
  @IsOptional() @IsString() secretEncrypted?: string;
}

export const PartnerSnapshotV1Message = defineMessage(
  'gateway.partner-snapshot.v1',
  Topics.partnerSnapshots,
  PartnerSnapshotV1,
);

/** The partner snapshot with its secret encrypted under SECRETS_KEYS, for the notifier alone (ADR 0063). */
export class PartnerSigningSnapshotV1 extends PartnerSnapshotFieldsV1 {
  @IsString() secretEncrypted!: string;
}

export const PartnerSigningSnapshotV1Message = defineMessage(
  'gateway.partner-signing-snapshot.v1',
  Topics.partnerSigningSnapshots,
  PartnerSigningSnapshotV1,
);
