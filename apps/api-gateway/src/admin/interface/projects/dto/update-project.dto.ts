import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString, IsUrl, Length, ValidateIf, ValidateNested } from 'class-validator';
import { ProjectSettingsDto } from './project-settings.dto';

export class UpdateProjectDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @Length(1, 200) name?: string;

  /** null removes the callback URL. */
  @ApiPropertyOptional({ nullable: true })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  callbackUrl?: string | null;

  @ApiPropertyOptional({ type: ProjectSettingsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ProjectSettingsDto)
  settings?: ProjectSettingsDto;
}
