import { IsInt, IsString, Length, Min } from 'class-validator';
import { defineRequest } from '../../message-definition';
import { Topics } from '../../topics';
import { SEALED_CARD_MAX_LENGTH, type CardViewV1 } from './card.v1';

/** GET /card/getToken: the card goes into the vault; a temporary token (10 minutes) comes back. */
export class TokenizeCardV1 {
  @IsInt() @Min(1) projectId!: number;
  /** The card object, sealed for payments (see card.v1.ts). */
  @IsString() @Length(1, SEALED_CARD_MAX_LENGTH) sealedCard!: string;
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
