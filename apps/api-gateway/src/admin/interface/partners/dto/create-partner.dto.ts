import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Matches, Min } from 'class-validator';

export class CreatePartnerDto {
  @ApiProperty()
  @IsString()
  @Length(1, 128)
  @Matches(/^[A-Za-z0-9._:-]+$/, { message: 'identifier may hold only A-Z a-z 0-9 . _ : -' })
  identifier!: string;

  @ApiProperty() @IsInt() @Min(1) projectId!: number;

  @ApiPropertyOptional() @IsOptional() @IsString() @Length(1, 200) name?: string;
}
