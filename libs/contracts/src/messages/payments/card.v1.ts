import { IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';

/** Card data as the merchant sent it (POST /card/process `card`, GET /card/getToken). */
export class CardInputV1 {
  @Matches(/^\d{12,19}$/) number!: string;
  @IsInt() @Min(1) @Max(12) expirationMonth!: number;
  @IsInt() @Min(2000) @Max(2100) expirationYear!: number;
  @Matches(/^\d{3,4}$/) securityCode!: string;
  @IsOptional() @IsString() @Length(1, 21) holder?: string;
}

/** Card-response object of the spec (full form in payment responses). */
export interface CardViewV1 {
  lastFour: string;
  mask: string;
  /** Deprecated by the spec in favour of `scheme`; same value. */
  type: string;
  scheme: string;
  expirationMonth: number;
  expirationYear: number;
  expiresAt?: string;
  holder?: string | null;
  bankName?: string;
  country?: string;
}
