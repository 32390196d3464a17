import { Type } from 'class-transformer';
import { IsInt, Min, ValidateNested } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import { CardInputV1, type CardViewV1 } from './card.v1';

/** GET /card/getToken: the card goes into the vault; a temporary token (10 minutes) comes back. */
export class TokenizeCardV1 {
  @IsInt() @Min(1) projectId!: number;
  @ValidateNested() @Type(() => CardInputV1) card!: CardInputV1;
}

export interface TokenizeCardResultV1 {
  id: string;
  expiresAt: string;
  card: CardViewV1;
}

export const TokenizeCardV1Request = defineRequest<TokenizeCardV1, TokenizeCardResultV1>(
  'payments.tokenize-card.v1',
  Topics.paymentsRequests,
  TokenizeCardV1,
);
