import { Inject, Injectable } from '@nestjs/common';
import { CryptoError, OpeningKeyRing, openCard } from '@opp/crypto';
import { ErrorCode } from '@opp/errors';
import { passesLuhn } from '../../card-vault/domain/card-number';
import { assertUsable } from '../../card-vault/domain/card-token';
import { CardVaultRepository } from '../../card-vault/infrastructure/card-vault.repository';
import { PaymentRefusal } from '../../shared/payment-refusal';
import type { UnitOfWork } from './payout.store';

/** A card payout's account as payments keeps it: shown masked, the number only sealed. */
export interface PayoutCardAccount {
  display: string;
  /** Claims a temporary token once the payout is accepted (single use, like a charge). */
  claim: () => Promise<void>;
}

const mask = (firstSix: string, lastFour: string, length: number) =>
  firstSix + '*'.repeat(Math.max(0, length - 10)) + lastFour;

/**
 * Reads the card of a card payout: a number sealed at the gateway (docs/security/card-data.md)
 * is opened here only to check it and derive its mask; the sealed box itself is what is stored.
 * A card token is looked up in the vault.
 */
@Injectable()
export class PayoutCardAccountReader {
  constructor(
    @Inject(OpeningKeyRing) private readonly keys: OpeningKeyRing,
    private readonly cards: CardVaultRepository,
  ) {}

  sealedNumber(projectId: number, sealed: string): PayoutCardAccount {
    let opened: unknown;
    try {
      opened = openCard(this.keys, projectId, sealed, 'payout-account');
    } catch (error) {
      if (!(error instanceof CryptoError)) throw error;
      throw new PaymentRefusal(ErrorCode.CardNumberInvalid, 'Card number invalid');
    }
    const number = (opened as { account?: unknown }).account;
    if (typeof number !== 'string' || !passesLuhn(number)) {
      throw new PaymentRefusal(ErrorCode.CardNumberInvalid, 'Card number invalid');
    }
    return {
      display: mask(number.slice(0, 6), number.slice(-4), number.length),
      claim: async () => undefined,
    };
  }

  async token(work: UnitOfWork, projectId: number, tokenId: string): Promise<PayoutCardAccount> {
    const tx = work as Parameters<CardVaultRepository['lockToken']>[0];
    const token = await this.cards.lockToken(tx, projectId, tokenId);
    if (!token) throw new PaymentRefusal(ErrorCode.CardTokenInvalid, 'Card token invalid');
    assertUsable(token, new Date());
    const { card } = token;
    return {
      display: mask(card.firstSix, card.lastFour, card.panLength),
      claim: async () => {
        if (token.kind === 'temporary') await this.cards.markUsed(tx, token.id);
      },
    };
  }
}
