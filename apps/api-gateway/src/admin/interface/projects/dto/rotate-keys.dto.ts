import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

export class RotateKeysDto {
  @ApiPropertyOptional({
    default: false,
    description:
      'true: the old private key stops verifying at once (a leaked key), with no grace period',
  })
  @IsOptional()
  @IsBoolean()
  revokePrevious?: boolean;
}
