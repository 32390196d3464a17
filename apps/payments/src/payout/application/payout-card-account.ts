import { Inject, Injectable } from '@nestjs/common';
import {
  CryptoError,
  OpeningKeyRing,
  SealingKey,
  openCard,
  openCardFragments,
  sealCard,
  wholeCardFragment,
} from '@opp/crypto';
import { isCardNumber } from '@opp/card-bins';
import { ErrorCode } from '@opp/errors';
import type { UnitOfWork } from '@opp/persistence';
import { assertUsable } from '../../card-vault/domain/card-token';
import { CardVaultStore } from '../../card-vault/application/card-vault.store';
import { Refusal } from '@opp/contracts';

/** A card payout's account as payments keeps it: shown masked, the number only sealed. */
export interface PayoutCardAccount {
  display: string;
  /** The sealed number payments keeps (a payout-account box), for a card number. */
  sealed?: string;
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
  private readonly ownKey: SealingKey;

  constructor(
    @Inject(OpeningKeyRing) private readonly keys: OpeningKeyRing,
    private readonly cards: CardVaultStore,
  ) {
    this.ownKey = SealingKey.parse(keys.currentPublicKey());
  }

  /**
   * A payout-account box, or a card fragment (an account a processing task filled from
   * `${parameters.X}`, ADR 0064), which is kept re-sealed as a payout-account box to payments' own key.
   */
  sealedNumber(projectId: number, sealed: string): PayoutCardAccount {
    const number = this.openNumber(projectId, sealed);
    if (typeof number !== 'string' || !isCardNumber(number)) {
      throw new Refusal(ErrorCode.CardNumberInvalid, 'Card number invalid');
    }
    return {
      display: mask(number.slice(0, 6), number.slice(-4), number.length),
      sealed: wholeCardFragment(sealed)
        ? sealCard(this.ownKey, projectId, { account: number }, 'payout-account')
        : sealed,
      claim: async () => undefined,
    };
  }

  private openNumber(projectId: number, sealed: string): unknown {
    try {
      if (wholeCardFragment(sealed)) return openCardFragments(this.keys, projectId, sealed);
      return (openCard(this.keys, projectId, sealed, 'payout-account') as { account?: unknown })
        .account;
    } catch (error) {
      if (!(error instanceof CryptoError)) throw error;
      throw new Refusal(ErrorCode.CardNumberInvalid, 'Card number invalid');
    }
  }

  async token(work: UnitOfWork, projectId: number, tokenId: string): Promise<PayoutCardAccount> {
    const token = await this.cards.lockToken(work, projectId, tokenId);
    if (!token) throw new Refusal(ErrorCode.CardTokenInvalid, 'Card token invalid');
    assertUsable(token, new Date());
    const { card } = token;
    return {
      display: mask(card.firstSix, card.lastFour, card.panLength),
      claim: async () => {
        if (token.kind === 'temporary') await this.cards.markUsed(work, token.id);
      },
    };
  }
}
