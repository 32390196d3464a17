import { IsOptional, IsString, Length } from 'class-validator';

/** The User object of the spec, as the gateway resolved it before the charge. */
export class UserSnapshotV1 {
  @IsString() @Length(1, 32) id!: string;
  @IsString() @Length(1, 128) identifier!: string;
  @IsOptional() @IsString() displayName?: string | null;
  @IsOptional() @IsString() email?: string | null;
  @IsOptional() @IsString() phone?: string | null;
  @IsOptional() @IsString() ip?: string | null;
  @IsOptional() @IsString() locale?: string | null;
}
