import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
  ValidateNested,
} from 'class-validator';
import { defineMessage } from '../../message-definition';
import { Topics } from '../../topics';

const DECIMAL = /^\d{1,9}(\.\d{1,6})?$/;

export class ProjectSettingsV1 {
  @IsBoolean() force3ds!: boolean;
  @IsBoolean() rememberEnabled!: boolean;
  @IsBoolean() sandbox!: boolean;
  @Matches(DECIMAL) feePercent!: string;
  @Matches(DECIMAL) feeFixed!: string;
  @Matches(DECIMAL) rollingReservePercent!: string;
  @IsInt() @Min(0) rollingReserveDays!: number;
  @Matches(DECIMAL) virtualCurrencyRate!: string;
  @IsInt() @Min(0) recurringMinDays!: number;
  @IsInt() @Min(1) recurringMonths!: number;
  /** ADR 0018: signed requests and the project's callbacks carry a signed `timestamp`. */
  @IsOptional() @IsBoolean() requireTimestamp?: boolean;
}

/** What every snapshot of a project holds (ADR 0063: no secret). */
export class ProjectSnapshotFieldsV1 {
  @IsInt() @Min(1) id!: number;
  @IsString() @Length(1, 200) name!: string;
  @IsString() @Length(1, 128) publicKey!: string;
  @IsOptional() @IsString() callbackUrl?: string | null;
  @Matches(/^[A-Z]{3}$/) baseCurrency!: string;
  @ValidateNested() @Type(() => ProjectSettingsV1) settings!: ProjectSettingsV1;
  @IsInt() @Min(1) version!: number;
  @IsISO8601() updatedAt!: string;
}

/**
 * The latest state of a merchant project, keyed by project id on a compacted topic read by every
 * service. It carries no secret (ADR 0063): `signingKeyEncrypted` is never set by the gateway any
 * more and is ignored by readers; it stays optional only so that records published before remain
 * valid. The signing key travels on the signing snapshot topic, to the notifier alone.
 */
export class ProjectSnapshotV1 extends ProjectSnapshotFieldsV1 {
  @IsOptional() @IsString() signingKeyEncrypted?: string;
}

export const ProjectSnapshotV1Message = defineMessage(
  'gateway.project-snapshot.v1',
  Topics.projectSnapshots,
  ProjectSnapshotV1,
);

/**
 * The project snapshot with its signing key, encrypted with the platform key ring (SECRETS_KEYS),
 * for the services that sign for the project: the notifier alone (ADR 0063).
 */
export class ProjectSigningSnapshotV1 extends ProjectSnapshotFieldsV1 {
  @IsString() signingKeyEncrypted!: string;
}

export const ProjectSigningSnapshotV1Message = defineMessage(
  'gateway.project-signing-snapshot.v1',
  Topics.projectSigningSnapshots,
  ProjectSigningSnapshotV1,
);
