import type { CardDataPurpose } from '@opp/crypto';
import {
  isCardNumber,
  isSecurityCodeKey,
  isSecurityCodeValue,
  maskCardNumber,
  maskCardNumbers,
  replaceCardNumbers,
} from '@opp/card-bins';

type Json = Record<string, unknown>;

/** Seals for one project's payments service (the gateway's CardDataSealer bound to a project). */
export interface ProjectCardSealer {
  /** A card object or a payout account, as a box of its purpose. */
  card(secret: object, purpose: CardDataPurpose): string;
  /** A piece of card data found in a free field, as a `[card:<mask>:<box>]` text. */
  fragment(secret: string, mask: string): string;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const BRANCHES = ['success', 'fail', 'always'] as const;
// ADR 0005 placeholders: the orchestrator fills them from `partner.parameters`.
const PLACEHOLDER = '${parameters.';
const CODE_MASK = '***';

/** A payout account or JSON number that is a card number (ADR 0011 `credit_card`, ADR 0064). */
function isCardNumberValue(value: unknown): value is string | number {
  const digits = typeof value === 'number' ? String(value) : value;
  return typeof digits === 'string' && isCardNumber(digits);
}

/**
 * A copy of a processing Request with its card data sealed for the payments service before the
 * gateway publishes it (docs/security/card-data.md, ADR 0064):
 * - a `card.payment` task's `card` becomes `sealed_card` plus a display copy (number masked to
 *   first 6 / last 4, no security code); a `payout` task's card-number `account` becomes
 *   `sealed_account` plus `account_mask`;
 * - card data anywhere else in the payload (`partner.parameters`, free text, a `card` object
 *   written with `${parameters.X}` placeholders) is sealed where it stands as a card fragment:
 *   every card number (ADR 0064), and a 3-4 digit value under a security-code key.
 * The header (request id, notification targets) is not task data and is kept as sent. The input
 * is not changed.
 */
export function sealTaskCardData(request: Json, sealer: ProjectCardSealer): Json {
  const payload = request.payload;
  if (!isObject(payload)) return request;
  const tasks = Array.isArray(payload.tasks)
    ? payload.tasks.map((task) => sealTask(task, sealer))
    : payload.tasks;
  return { ...request, payload: sealLooseCardData({ ...payload, tasks }, sealer) };
}

/** A partner's stored templates (name -> tasks) as they go out with a request, sealed the same way. */
export function sealTemplateCardData(
  templates: Record<string, unknown[]>,
  sealer: ProjectCardSealer,
): Record<string, unknown[]> {
  return Object.fromEntries(
    Object.entries(templates).map(([name, tasks]) => [
      name,
      tasks.map((task) => sealLooseCardData(sealTask(task, sealer), sealer)),
    ]),
  );
}

function sealTask(task: unknown, sealer: ProjectCardSealer): unknown {
  if (!isObject(task)) return task;
  const out: Json = { ...task };
  if (isObject(task.payload)) out.payload = sealPayload(String(task.type), task.payload, sealer);
  for (const branch of BRANCHES) {
    const list = task[branch];
    if (Array.isArray(list)) out[branch] = list.map((child) => sealTask(child, sealer));
  }
  return out;
}

function sealPayload(type: string, payload: Json, sealer: ProjectCardSealer): Json {
  // A card with placeholders is completed by the orchestrator: its parts are sealed as fragments.
  if (type === 'card.payment' && isObject(payload.card) && !hasPlaceholder(payload.card)) {
    const { card, ...rest } = payload;
    return { ...rest, card: displayCopyOf(card), sealed_card: sealer.card(card, 'card') };
  }
  if (type === 'payout' && isCardNumberValue(payload.account)) {
    const { account, ...rest } = payload;
    // The mask (first 6 / last 4) lets payouts read the BIN's country and the rail its last digits.
    return {
      ...rest,
      account_mask: maskCardNumber(String(account)),
      sealed_account: sealer.card({ account: String(account) }, 'payout-account'),
    };
  }
  return payload;
}

/**
 * Every card number and security code left in clear, sealed as fragments wherever it is; boxes
 * already sealed (`sealed_*`) are kept. Keys are text too: a card number used as a key is masked.
 */
function sealLooseCardData(value: unknown, sealer: ProjectCardSealer, key = ''): unknown {
  if (isSecurityCodeKey(key) && isSecurityCodeValue(value)) {
    return sealer.fragment(String(value).trim(), CODE_MASK);
  }
  if (typeof value === 'string') {
    return replaceCardNumbers(value, (digits) => sealer.fragment(digits, maskCardNumber(digits)));
  }
  if (typeof value === 'number' && Number.isSafeInteger(value) && isCardNumberValue(value)) {
    return sealer.fragment(String(value), maskCardNumber(String(value)));
  }
  if (Array.isArray(value)) return value.map((item) => sealLooseCardData(item, sealer, key));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [
      maskCardNumbers(name),
      name.startsWith('sealed_') ? item : sealLooseCardData(item, sealer, name),
    ]),
  );
}

function hasPlaceholder(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(PLACEHOLDER);
  if (Array.isArray(value)) return value.some(hasPlaceholder);
  return isObject(value) && Object.values(value).some(hasPlaceholder);
}

function displayCopyOf(card: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(card)) {
    if (isSecurityCodeKey(key)) continue;
    out[key] = key === 'number' ? maskedNumber(value) : value;
  }
  return out;
}

function maskedNumber(value: unknown): string {
  const digits = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return isCardNumber(digits) ? maskCardNumber(digits) : '*'.repeat(digits.length);
}
