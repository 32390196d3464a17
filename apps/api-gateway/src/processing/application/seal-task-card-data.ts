import type { CardDataPurpose } from '@opp/crypto';
import { luhnValid, maskPan } from '@opp/observability';

type Json = Record<string, unknown>;
type Seal = (secret: object, purpose: CardDataPurpose) => string;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const BRANCHES = ['success', 'fail', 'always'] as const;
const SECURITY_CODE_KEYS = new Set(['security_code', 'securitycode', 'cvv', 'cvv2', 'cvc']);

/** A payout account that is a card number (ADR 0011 `credit_card`): 13-19 digits passing Luhn. */
function isCardNumber(value: unknown): value is string | number {
  const digits = typeof value === 'number' ? String(value) : value;
  return typeof digits === 'string' && /^\d{13,19}$/.test(digits) && luhnValid(digits);
}

/**
 * A copy of a processing Request whose card data is sealed for the payments service before the
 * gateway publishes it (docs/security/card-data.md): a `card.payment` task's `card` object becomes
 * `sealed_card` (the task keeps a display copy of the card: number masked to first 6 / last 4, no
 * security code), a `payout` task's card-number `account` becomes `sealed_account` (sealed for that
 * purpose, so neither box opens as the other). Everything else is kept as the partner sent it; the input is not changed.
 */
export function sealTaskCardData(request: Json, seal: Seal): Json {
  const sealTask = (task: unknown): unknown => {
    if (!isObject(task)) return task;
    const out: Json = { ...task };
    if (isObject(task.payload)) out.payload = sealPayload(String(task.type), task.payload, seal);
    for (const branch of BRANCHES) {
      const list = task[branch];
      if (Array.isArray(list)) out[branch] = list.map(sealTask);
    }
    return out;
  };
  const payload = request.payload;
  if (!isObject(payload) || !Array.isArray(payload.tasks)) return request;
  return { ...request, payload: { ...payload, tasks: payload.tasks.map(sealTask) } };
}

function sealPayload(type: string, payload: Json, seal: Seal): Json {
  if (type === 'card.payment' && isObject(payload.card)) {
    const { card, ...rest } = payload;
    return { ...rest, card: displayCopyOf(card), sealed_card: seal(card, 'card') };
  }
  if (type === 'payout' && isCardNumber(payload.account)) {
    const { account, ...rest } = payload;
    // The mask (first 6 / last 4) lets payouts read the BIN's country and the rail its last digits.
    return {
      ...rest,
      account_mask: maskPan(String(account)),
      sealed_account: seal({ account: String(account) }, 'payout-account'),
    };
  }
  return payload;
}

function displayCopyOf(card: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(card)) {
    if (SECURITY_CODE_KEYS.has(key.toLowerCase())) continue;
    out[key] = key === 'number' ? maskedNumber(value) : value;
  }
  return out;
}

function maskedNumber(value: unknown): string {
  const digits = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return /^\d{12,19}$/.test(digits) ? maskPan(digits) : '*'.repeat(digits.length);
}
