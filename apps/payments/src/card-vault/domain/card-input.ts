import { IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { validateAgainst, type Validated } from '@opp/contracts';

/** Card data as the merchant or partner sent it, once opened from its sealed box. */
export class CardInput {
  @Matches(/^\d{13,19}$/) number!: string;
  @IsInt() @Min(1) @Max(12) expirationMonth!: number;
  @IsInt() @Min(2000) @Max(2100) expirationYear!: number;
  @Matches(/^\d{3,4}$/) securityCode!: string;
  @IsOptional() @IsString() @Length(1, 21) holder?: string;
}

type Fields = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
const integer = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof parsed === 'number' ? parsed : undefined;
};

/**
 * Reads an opened card object: the gateway's (camelCase, validated at the edge) or a processing
 * task's `card` as the partner wrote it (snake_case, numbers as text), then validates it.
 */
export function cardInputOf(value: unknown): Validated<CardInput> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, problems: ['card must be an object'] };
  }
  const c = value as Fields;
  const fields = {
    number: text(c.number),
    expirationMonth: integer(c.expiration_month ?? c.expirationMonth),
    expirationYear: integer(c.expiration_year ?? c.expirationYear),
    securityCode: text(c.security_code ?? c.securityCode),
    holder: text(c.holder),
  };
  return validateAgainst(
    CardInput,
    Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
  );
}
