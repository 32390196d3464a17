import { Type } from 'class-transformer';
import { IsOptional, IsString, Length, ValidateNested } from 'class-validator';
import { ResolveUserV1 } from '../users/resolve-user.v1';

/**
 * Who pays, as the merchant named them (ADR 0065): an internal user id, or a User object (its
 * `resolve` command). Payments finds the user in its own read model, so a charge needs no hop to
 * users-recurring; exactly one of the two is set.
 */
export class ChargeUserRefV1 {
  @IsOptional() @IsString() @Length(1, 32) userId?: string;
  @IsOptional() @ValidateNested() @Type(() => ResolveUserV1) resolve?: ResolveUserV1;
}
