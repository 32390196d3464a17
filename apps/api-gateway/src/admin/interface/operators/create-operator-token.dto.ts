import { ApiProperty } from '@nestjs/swagger';
import { IsIn, Matches } from 'class-validator';
import { OPERATOR_NAME, OPERATOR_SCOPES, type OperatorScope } from '../../domain/admin-operator';

export class CreateOperatorTokenDto {
  @ApiProperty({ description: 'The operator: the audit log names them so' })
  @Matches(OPERATOR_NAME, {
    message: 'name must be 1-100 of a-z 0-9 . _ @ + - (starting with a letter or digit)',
  })
  name!: string;

  @ApiProperty({ enum: OPERATOR_SCOPES })
  @IsIn(OPERATOR_SCOPES)
  scope!: OperatorScope;
}
