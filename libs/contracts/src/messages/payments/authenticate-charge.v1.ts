import { IsInt, IsString, Length, Min } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import type { TransactionRecordV1 } from './transaction-record.v1';

/** POST /card/authenticate: completes a charge waiting for 3-D Secure (ADR 0007). */
export class AuthenticateChargeV1 {
  @IsInt() @Min(1) projectId!: number;
  @IsString() @Length(1, 256) md!: string;
  @IsString() @Length(0, 4096) paRes!: string;
}

export const AuthenticateChargeV1Request = defineRequest<AuthenticateChargeV1, TransactionRecordV1>(
  'payments.authenticate-charge.v1',
  Topics.paymentsRequests,
  AuthenticateChargeV1,
);
