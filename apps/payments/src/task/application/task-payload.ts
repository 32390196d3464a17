import {
  AuthenticateChargeV1,
  GetTransactionV1,
  ProcessChargeV1,
  ReversePaymentV1,
  validateAgainst,
  type TaskCommandV1,
  type Validated,
  Refusal,
} from '@opp/contracts';
import { readChargeTerms } from '@opp/money';

type Payload = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
const integer = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof parsed === 'number' ? parsed : undefined;
};
const drop = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * `user` is an internal id (trusted, as ADR 0005 gives the partner its project) or a User object.
 */
function userOf(value: unknown): Payload | undefined {
  const id = text(value);
  if (id !== undefined) return { id, identifier: id };
  if (!value || typeof value !== 'object') return undefined;
  const u = value as Payload;
  const identifier = text(u.identifier) ?? text(u.id);
  return drop({
    id: text(u.id) ?? identifier,
    identifier,
    displayName: text(u.displayName ?? u.display_name),
    email: text(u.email),
    phone: text(u.phone),
    ip: text(u.ip),
    locale: text(u.locale),
  });
}

/**
 * `card.payment`: the fields of POST /card/process; the task id is the idempotency key. Card data
 * arrives as `sealed_card`, which the charge opens (docs/security/card-data.md). This is the
 * task's edge, as the gateway is the merchant's (ADR 0031): the price, currency, switches and
 * recurring days are read by the one reader POST /v1/card/process uses too (`@opp/money`'s charge
 * terms), and refused with its code and wording. No acs_return_url: the 3-D Secure challenge of a
 * task returns to the task (ADR 0031).
 */
export function chargeCommandOf(command: TaskCommandV1): Validated<ProcessChargeV1> {
  const p = command.payload;
  const read = readChargeTerms(p);
  if (!read.ok) throw new Refusal(read.failure.code, read.failure.message);
  const { priceMinor, ...terms } = read.value;
  const attributes = Object.fromEntries(
    Object.entries(p).flatMap(([k, v]) =>
      k.startsWith('attr_') && text(v) !== undefined ? [[k, text(v)]] : [],
    ),
  );
  return validateAgainst(
    ProcessChargeV1,
    drop({
      idempotencyKey: command.taskId,
      projectId: command.projectId,
      user: userOf(p.user),
      cardToken: text(p.card_token ?? p.cardToken),
      // The gateway sealed the task's `card` object before it reached the orchestrator.
      sealedCard: text(p.sealed_card),
      priceMinor: priceMinor.toString(),
      orderId: text(p.order_id ?? p.orderId),
      description: text(p.description),
      ...terms,
      attributes,
    }),
  );
}

/** `card.authenticate`: PaRes and MD as the ACS posted them. */
export function authenticateCommandOf(command: TaskCommandV1): Validated<AuthenticateChargeV1> {
  const p = command.payload;
  return validateAgainst(
    AuthenticateChargeV1,
    drop({ projectId: command.projectId, md: text(p.MD ?? p.md), paRes: text(p.PaRes ?? p.paRes) }),
  );
}

/** `transaction.status`: by id or order_id, as GET /transaction/status. */
export function statusQueryOf(command: TaskCommandV1): Validated<GetTransactionV1> {
  const p = command.payload;
  return validateAgainst(
    GetTransactionV1,
    drop({
      projectId: command.projectId,
      id: integer(p.id),
      orderId: text(p.order_id ?? p.orderId),
    }),
  );
}

/** `transaction.reverse`: by id or order_id, as POST /transaction/reverse; the task id is the key. */
export function reverseCommandOf(command: TaskCommandV1): Validated<ReversePaymentV1> {
  const p = command.payload;
  return validateAgainst(
    ReversePaymentV1,
    drop({
      idempotencyKey: command.taskId,
      projectId: command.projectId,
      id: integer(p.id),
      orderId: text(p.order_id ?? p.orderId),
      amount: text(p.amount),
      comment: text(p.comment),
    }),
  );
}
