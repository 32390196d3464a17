import { IsInt, IsISO8601, IsOptional, IsString, Length, Min } from 'class-validator';
import { defineMessage } from '../../message-definition';
import { Topics } from '../../topics';

/** A user seen for the first time in a project (user/resolve). Key: user id. */
export class UserCreatedV1 {
  @IsString() @Length(1, 32) id!: string;
  @IsInt() @Min(1) projectId!: number;
  @IsString() @Length(1, 128) identifier!: string;
  @IsOptional() @IsString() displayName?: string | null;
  @IsOptional() @IsString() email?: string | null;
  @IsOptional() @IsString() phone?: string | null;
  @IsOptional() @IsString() locale?: string | null;
  @IsOptional() @IsString() ip?: string | null;
  @IsISO8601() createdAt!: string;
}

export const UserCreatedV1Message = defineMessage(
  'users.user-created.v1',
  Topics.userEvents,
  UserCreatedV1,
);
