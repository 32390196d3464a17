import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { isCardNumber } from '@opp/card-bins';
import type { UnitOfWork } from '@opp/persistence';
import {
  CryptoError,
  FingerprintKey,
  OpeningKeyRing,
  openCard,
  type EnvelopeBinding,
} from '@opp/crypto';
import { ErrorCode } from '@opp/errors';
import { PaymentRefusal } from '../../shared/payment-refusal';
import { cardInputOf, type CardInput } from '../domain/card-input';
import { isExpired, issuerOf, schemeOf } from '../domain/card-number';
import { assertUsable } from '../domain/card-token';
import type { VaultCard } from '../domain/vault-card';
import { CardVaultStore, type EncryptedValue } from './card-vault.store';
import { CardDataCipher } from './card-data-cipher';
import { ProjectClock } from '@opp/snapshots';

/** A card about to be charged: the number in memory only, and what the charge writes of it. */
export interface ChargeCard {
  number: string;
  expirationMonth: number;
  expirationYear: number;
  securityCode?: string;
  /** Set when the charge uses a permanent token (remember keeps returning it). */
  permanentTokenId: string | null;
  /**
   * The vault card the charge's row names: card data is vaulted now (as tokenization vaults it); a
   * token's card is in the vault already.
   */
  vaultCard(): Promise<VaultCard>;
  /**
   * Uses a temporary token up, its security code with it; called once the charge is written, so a
   * charge that loses its order or request to another leaves the token usable (ADR 0036).
   */
  claim(): Promise<void>;
}

export interface ChargeCardSource {
  cardToken?: string;
  /** The card object sealed for payments by the gateway (docs/security/card-data.md). */
  sealedCard?: string;
}

/** The vault's application side: validates, encrypts and stores cards, hands them out for charges. */
@Injectable()
export class CardVault {
  constructor(
    private readonly cards: CardVaultStore,
    @Inject(CardDataCipher) private readonly cipher: CardDataCipher,
    @Inject(FingerprintKey) private readonly fingerprints: FingerprintKey,
    @Inject(OpeningKeyRing) private readonly cardDataKeys: OpeningKeyRing,
    private readonly clock: ProjectClock,
  ) {}

  /**
   * Opens card data sealed for this project and reads its fields. A box that does not open (sealed
   * for another project, tampered, or to a key no longer held) is refused like unreadable input.
   */
  open(projectId: number, sealedCard: string): CardInput {
    let opened: unknown;
    try {
      opened = openCard(this.cardDataKeys, projectId, sealedCard);
    } catch (error) {
      if (!(error instanceof CryptoError || error instanceof SyntaxError)) throw error;
      throw new PaymentRefusal(ErrorCode.InvalidParameter, 'Card data cannot be read');
    }
    const card = cardInputOf(opened);
    if (!card.ok) {
      throw new PaymentRefusal(
        ErrorCode.InvalidParameter,
        `Invalid card data: ${card.problems.join('; ')}`,
      );
    }
    return card.value;
  }

  /**
   * Luhn (40004) and expiry (40005) checks, then the card goes in encrypted (an envelope under the
   * active card-data KEK). The fingerprint key is not a KEK: the same card maps to the same row
   * before and after a KEK rotation.
   */
  async store(work: UnitOfWork, projectId: number, card: CardInput): Promise<VaultCard> {
    this.assertValid(card);
    const issuer = issuerOf(card.number);
    const id = randomUUID();
    return this.cards.storeCard(work, {
      id,
      projectId,
      panEncrypted: await this.cipher.encrypt(card.number, panBinding({ id, projectId })),
      kekId: this.cipher.activeKekId,
      panFingerprint: this.fingerprints.fingerprint(card.number),
      lookupFingerprints: this.fingerprints.lookupFingerprints(card.number),
      fingerprintKid: this.fingerprints.kid,
      firstSix: card.number.slice(0, 6),
      lastFour: card.number.slice(-4),
      panLength: card.number.length,
      scheme: schemeOf(card.number),
      expirationMonth: card.expirationMonth,
      expirationYear: card.expirationYear,
      holder: card.holder ?? null,
      bankName: issuer.bankName,
      country: issuer.country,
    });
  }

  /** A temporary token's security code, bound to the project and card it belongs to (ADR 0063). */
  async encryptSecurityCode(card: VaultCard, code: string): Promise<EncryptedValue> {
    return {
      encrypted: await this.cipher.encrypt(code, securityCodeBinding(card)),
      kekId: this.cipher.activeKekId,
    };
  }

  numberOf(card: VaultCard): Promise<string> {
    return this.cipher.decrypt(card.panEncrypted, panBinding(card));
  }

  /**
   * Moves up to `limit` rows to the current fingerprint key (ADR 0063): each number is decrypted
   * and hashed again. Rows locked by a charge are left for the next batch. Returns the rows moved.
   */
  async refingerprint(work: UnitOfWork, limit: number): Promise<number> {
    const cards = await this.cards.cardsToRefingerprint(work, this.fingerprints.kid, limit);
    for (const card of cards) {
      const number = await this.cipher.decrypt(card.panEncrypted, panBinding(card));
      const fingerprint = this.fingerprints.fingerprint(number);
      await this.cards.setFingerprint(work, card.id, fingerprint, this.fingerprints.kid);
    }
    return cards.length;
  }

  /**
   * The card a charge will use, by token (40402 unknown, 40304 expired, 40305 used) or by card
   * data. Nothing is written until `vaultCard` (card data) or `claim` (a token), so a refusal
   * found earlier leaves the token unused; only an expired token loses its security code at once.
   */
  async forCharge(
    work: UnitOfWork,
    projectId: number,
    source: ChargeCardSource,
  ): Promise<ChargeCard> {
    if (source.cardToken) return this.byToken(work, projectId, source.cardToken);
    if (!source.sealedCard) {
      throw new PaymentRefusal(ErrorCode.CardDataMissing, 'Card data missing');
    }
    const card = this.open(projectId, source.sealedCard);
    this.assertValid(card);
    return {
      number: card.number,
      expirationMonth: card.expirationMonth,
      expirationYear: card.expirationYear,
      securityCode: card.securityCode,
      permanentTokenId: null,
      vaultCard: () => this.store(work, projectId, card),
      claim: async () => undefined,
    };
  }

  private async byToken(work: UnitOfWork, projectId: number, tokenId: string): Promise<ChargeCard> {
    const token = await this.cards.lockToken(work, projectId, tokenId);
    if (!token) throw new PaymentRefusal(ErrorCode.CardTokenInvalid, 'Card token invalid');
    // A token's lifetime runs in its project's time (ADR 0069).
    const now = await this.clock.now(projectId);
    const expired =
      token.kind === 'temporary' && (token.expiresAt?.getTime() ?? 0) <= now.getTime();
    if (expired && token.securityCodeEncrypted) await this.cards.eraseSecurityCode(work, token.id);
    assertUsable(token, now);
    const { card } = token;
    return {
      number: await this.numberOf(card),
      expirationMonth: card.expirationMonth,
      expirationYear: card.expirationYear,
      securityCode: token.securityCodeEncrypted
        ? await this.cipher.decrypt(token.securityCodeEncrypted, securityCodeBinding(card))
        : undefined,
      permanentTokenId: token.kind === 'permanent' ? token.id : null,
      vaultCard: async () => card,
      claim: async () => {
        if (token.kind === 'temporary') await this.cards.markUsed(work, token.id);
      },
    };
  }

  private assertValid(card: CardInput): void {
    if (!isCardNumber(card.number)) {
      throw new PaymentRefusal(ErrorCode.CardNumberInvalid, 'Card number invalid');
    }
    if (isExpired(card.expirationMonth, card.expirationYear, new Date())) {
      throw new PaymentRefusal(ErrorCode.ExpiryInvalid, 'Expiry invalid: the card has expired');
    }
  }
}

/**
 * Card envelopes name their project and row in their additional data (ADR 0063): a number or a
 * security code copied to another project's or card's row does not open there.
 */
function panBinding(card: Pick<VaultCard, 'id' | 'projectId'>): EnvelopeBinding {
  return { projectId: card.projectId, row: `vault_cards/${card.id}` };
}

function securityCodeBinding(card: Pick<VaultCard, 'id' | 'projectId'>): EnvelopeBinding {
  return { projectId: card.projectId, row: `card_tokens/card:${card.id}` };
}
