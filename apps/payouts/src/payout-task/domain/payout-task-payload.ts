import { wholeCardFragment } from '@opp/crypto';
import type { PayoutAccountKind } from '@opp/contracts';

/** A `payout` task's payload read as POST /payout (ADR 0005), card data already sealed. */
export interface PayoutTaskOrder {
  typeId: number;
  amount: string;
  currency: string;
  orderId?: string;
  accountKind: PayoutAccountKind;
  /** What the rules may read: the BIN of a card, nothing of a token, else the account. */
  accountForRules: string;
  accountDisplay: string;
  sealedAccount?: string;
  cardToken?: string;
  parameters: Record<string, string>;
}

export class InvalidPayoutTask extends Error {
  override readonly name = 'InvalidPayoutTask';
}

const RESERVED = new Set([
  'type',
  'account',
  'account_mask',
  'sealed_account',
  'cardToken',
  'amount',
  'currency',
  'orderId',
]);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;

/**
 * Reads the payload; a card-number `account` arrives as `sealed_account` with its mask
 * `account_mask` (first 6 / last 4), sealed by the gateway (docs/security/card-data.md).
 */
export function payoutTaskOrderOf(payload: Record<string, unknown>): PayoutTaskOrder {
  const type = text(payload.type);
  if (!type || !/^\d{1,9}$/.test(type))
    throw new InvalidPayoutTask('type must be a payout type id');
  const amount = text(payload.amount);
  if (!amount || !/^\d{1,15}(\.\d{1,8})?$/.test(amount)) {
    throw new InvalidPayoutTask('amount must be a decimal');
  }
  const currency = text(payload.currency)?.toUpperCase();
  if (!currency || !/^[A-Z]{3}$/.test(currency)) {
    throw new InvalidPayoutTask('currency must be an ISO 4217 code');
  }
  const orderId = text(payload.orderId);
  if (orderId !== undefined && orderId.length > 64) {
    throw new InvalidPayoutTask('orderId is longer than 64 characters');
  }
  const parameters: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    const t = text(value);
    if (!RESERVED.has(name) && t !== undefined && t.length <= 255) parameters[name] = t;
  }
  return {
    typeId: Number(type),
    amount,
    currency,
    ...(orderId ? { orderId } : {}),
    ...accountOf(payload),
    parameters,
  };
}

function accountOf(payload: Record<string, unknown>) {
  const sealed = text(payload.sealed_account);
  const mask = text(payload.account_mask);
  if (sealed && mask) {
    return {
      accountKind: 'card-number' as const,
      accountForRules: mask.slice(0, 6),
      accountDisplay: mask,
      sealedAccount: sealed,
    };
  }
  // An account filled from `${parameters.X}` arrives as the gateway's card fragment (ADR 0064).
  const fragment = wholeCardFragment(text(payload.account) ?? '');
  if (fragment) {
    return {
      accountKind: 'card-number' as const,
      accountForRules: fragment.mask.slice(0, 6),
      accountDisplay: fragment.mask,
      sealedAccount: text(payload.account),
    };
  }
  const cardToken = text(payload.cardToken);
  const account = text(payload.account)?.replace(/\s+/g, '');
  if (account && account.length <= 64) {
    return { accountKind: 'account' as const, accountForRules: account, accountDisplay: account };
  }
  if (cardToken && cardToken.length <= 128) {
    return {
      accountKind: 'card-token' as const,
      accountForRules: '',
      accountDisplay: '',
      cardToken,
    };
  }
  throw new InvalidPayoutTask('account is required');
}
