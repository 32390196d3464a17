import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString, IsUrl, Length, Matches, ValidateNested } from 'class-validator';
import { ProjectSettingsDto } from './project-settings.dto';

export class CreateProjectDto {
  @ApiProperty() @IsString() @Length(1, 200) name!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  callbackUrl?: string;

  @ApiPropertyOptional({ default: 'EUR' })
  @IsOptional()
  @Matches(/^[A-Z]{3}$/, { message: 'baseCurrency must be an ISO 4217 code' })
  baseCurrency?: string;

  @ApiPropertyOptional({ type: ProjectSettingsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ProjectSettingsDto)
  settings?: ProjectSettingsDto;
}
