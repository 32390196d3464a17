import { IsInt, IsOptional, IsString, Length, Matches, MaxLength, Min } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';

/** POST /v1/user/resolve, as the gateway forwards it once the signature is verified. */
export class ResolveUserV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsString() @Length(1, 128) identifier!: string;
  @IsOptional() @IsString() @MaxLength(255) displayName?: string;
  @IsOptional() @IsString() @MaxLength(255) email?: string;
  @IsOptional() @Matches(/^\d{4,20}$/) phone?: string;
  @IsOptional() @Matches(/^[a-z]{2}$/) locale?: string;
  /** Required by POST /user/resolve (40011); optional where the spec makes it so (wallets). */
  @IsOptional() @IsString() @Length(1, 64) ip?: string;
  @IsOptional() @IsString() @MaxLength(255) ua?: string;
}

export interface ResolveUserResultV1 {
  id: string;
  created: boolean;
}

export const ResolveUserV1Request = defineRequest<ResolveUserV1, ResolveUserResultV1>(
  'users.resolve-user.v1',
  Topics.usersRequests,
  ResolveUserV1,
);
