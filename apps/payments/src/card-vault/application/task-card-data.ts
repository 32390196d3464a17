import { Inject, Injectable } from '@nestjs/common';
import {
  CryptoError,
  OpeningKeyRing,
  SealingKey,
  maskCardFragments,
  openCardFragments,
  sealCard,
} from '@opp/crypto';
import { ErrorCode } from '@opp/errors';
import { Refusal } from '@opp/contracts';

type Payload = Record<string, unknown>;

const isObject = (value: unknown): value is Payload =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A processing task's payload as payments uses it (ADR 0064). Card data the gateway found outside a
 * task's `card` object arrives as card fragments: in a `card` object (filled from
 * `${parameters.X}` placeholders by the orchestrator) they are opened and the card is sealed to
 * payments' own key, so the charge reads every card the one way it reads the gateway's boxes; in
 * any other field (a description, an order id) they stay what everyone else sees, their masks.
 */
@Injectable()
export class TaskCardData {
  private readonly ownKey: SealingKey;

  constructor(@Inject(OpeningKeyRing) private readonly keys: OpeningKeyRing) {
    this.ownKey = SealingKey.parse(keys.currentPublicKey());
  }

  open(projectId: number, payload: Payload): Payload {
    const { card, ...rest } = payload;
    const masked = maskAll(rest) as Payload;
    if (!isObject(card) || typeof payload.sealed_card === 'string') {
      return card === undefined ? masked : { ...masked, card: maskAll(card) };
    }
    return {
      ...masked,
      sealed_card: sealCard(this.ownKey, projectId, this.opened(projectId, card)),
    };
  }

  private opened(projectId: number, card: Payload): Payload {
    try {
      return Object.fromEntries(
        Object.entries(card).map(([key, value]) => [
          key,
          typeof value === 'string' ? openCardFragments(this.keys, projectId, value) : value,
        ]),
      );
    } catch (error) {
      if (!(error instanceof CryptoError)) throw error;
      throw new Refusal(ErrorCode.InvalidParameter, 'Card data cannot be read');
    }
  }
}

function maskAll(value: unknown): unknown {
  if (typeof value === 'string') return maskCardFragments(value);
  if (Array.isArray(value)) return value.map(maskAll);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskAll(item)]));
}
