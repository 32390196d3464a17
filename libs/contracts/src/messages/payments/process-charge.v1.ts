import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import { SEALED_CARD_MAX_LENGTH } from './card.v1';
import { ChargeUserRefV1 } from './charge-user-ref.v1';
import type { TransactionRecordV1 } from './transaction-record.v1';
import { UserSnapshotV1 } from './user-snapshot.v1';

/**
 * POST /card/process (and the `card.payment` task). Exactly one of cardToken and sealedCard is set.
 * The price is in minor units of `currency` (ADR 0021): the edge that received it checked the
 * decimal text once (ADR 0009, ADR 0031); payments applies only business rules to it.
 * `idempotencyKey` is unique per accepted request: a redelivered command charges once.
 * Who pays: `user` (the User object, when the sender knows it) or `userRef` (ADR 0065: payments
 * looks it up in its read model and answers 40406 when it does not know the user yet).
 */
export class ProcessChargeV1 {
  @IsString() @Length(1, 128) idempotencyKey!: string;
  @IsInt() @Min(1) projectId!: number;
  @IsOptional() @ValidateNested() @Type(() => UserSnapshotV1) user?: UserSnapshotV1;
  @IsOptional() @ValidateNested() @Type(() => ChargeUserRefV1) userRef?: ChargeUserRefV1;
  @IsOptional() @IsString() @Length(1, 128) cardToken?: string;
  /** The card object, sealed for payments (see card.v1.ts). */
  @IsOptional() @IsString() @Length(1, SEALED_CARD_MAX_LENGTH) sealedCard?: string;
  @Matches(/^\d{1,19}$/) priceMinor!: string;
  @Matches(/^[A-Z]{3}$/) currency!: string;
  @IsOptional() @IsString() @MaxLength(64) orderId?: string;
  @IsString() @Length(1, 1024) description!: string;
  @IsBoolean() threeDs!: boolean;
  @IsOptional() @IsUrl({ require_tld: false, require_protocol: true }) acsReturnUrl?: string;
  @IsBoolean() remember!: boolean;
  @IsBoolean() verifyCard!: boolean;
  @IsBoolean() recurring!: boolean;
  @IsOptional() @IsInt() @Min(0) @Max(3650) recurringInterval?: number;
  @IsOptional() @IsInt() @Min(0) @Max(3650) recurringTrial?: number;
  /** attr_* parameters, without the prefix removed: echoed in callbacks. */
  @IsObject() attributes!: Record<string, string>;
}

export const ProcessChargeV1Request = defineRequest<ProcessChargeV1, TransactionRecordV1>(
  'payments.process-charge.v1',
  Topics.paymentsRequests,
  ProcessChargeV1,
);
