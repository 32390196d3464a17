import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';

const DECIMAL = /^\d{1,9}(\.\d{1,6})?$/;
const DECIMAL_MESSAGE = 'must be a decimal string such as "2.5"';

export class ProjectSettingsDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() force3ds?: boolean;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() rememberEnabled?: boolean;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() sandbox?: boolean;
  @ApiPropertyOptional({ example: '2.5' })
  @IsOptional()
  @Matches(DECIMAL, { message: `feePercent ${DECIMAL_MESSAGE}` })
  feePercent?: string;
  @ApiPropertyOptional({ example: '0.30' })
  @IsOptional()
  @Matches(DECIMAL, { message: `feeFixed ${DECIMAL_MESSAGE}` })
  feeFixed?: string;
  @ApiPropertyOptional({ example: '10' })
  @IsOptional()
  @Matches(DECIMAL, { message: `rollingReservePercent ${DECIMAL_MESSAGE}` })
  rollingReservePercent?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(3650) rollingReserveDays?: number;
  @ApiPropertyOptional({ example: '1' })
  @IsOptional()
  @Matches(DECIMAL, { message: `virtualCurrencyRate ${DECIMAL_MESSAGE}` })
  virtualCurrencyRate?: string;
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(365)
  recurringMinDays?: number;
  @ApiPropertyOptional({ default: 12 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(120)
  recurringMonths?: number;
  @ApiPropertyOptional({
    default: false,
    description: 'ADR 0018: signed /v1 requests must carry a signed `timestamp` (Unix seconds)',
  })
  @IsOptional()
  @IsBoolean()
  requireTimestamp?: boolean;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 120,
    description:
      'ADR 0015: GET /v1/card/getToken requests per minute from one client IP; null = the default ' +
      '(120, sandbox 1200)',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  tokenRateLimitPerIp?: number | null;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 6000,
    description:
      'ADR 0015: GET /v1/card/getToken requests per minute to the project from all clients; ' +
      'null = the default (6000, sandbox 60000)',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  tokenRateLimitPerProject?: number | null;
}
