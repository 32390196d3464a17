import type { UnitOfWork } from '@opp/persistence';
import type { CardTokenKind } from '../domain/card-token';
import type { VaultCard } from '../domain/vault-card';

/**
 * The KEK id is stored beside each envelope (key rotation and retirement). The id is chosen before
 * the number is encrypted: the envelope is bound to it (ADR 0063). The card is looked up by any of
 * `lookupFingerprints` (old and new while the fingerprint key rotates) and stored with
 * `panFingerprint`, made with the key `fingerprintKid`.
 */
export type NewVaultCard = VaultCard & {
  panFingerprint: string;
  lookupFingerprints: readonly string[];
  fingerprintKid: string;
  kekId: string;
};

/** A vault row whose fingerprint was made with another key than the current one. */
export interface CardToRefingerprint {
  id: string;
  projectId: number;
  panEncrypted: string;
}

export interface EncryptedValue {
  encrypted: string;
  kekId: string;
}

export interface LockedToken {
  id: string;
  kind: CardTokenKind;
  expiresAt: Date | null;
  usedAt: Date | null;
  securityCodeEncrypted: string | null;
  card: VaultCard;
}

/** Port: vault cards and their tokens (PCI data only as envelopes). */
export abstract class CardVaultStore {
  /** One row per project and card (fingerprint and expiry); a known card keeps its row. */
  abstract storeCard(work: UnitOfWork, card: NewVaultCard): Promise<VaultCard>;

  /** Up to `limit` rows not fingerprinted with `kid`, locked (others skipped) for re-fingerprinting. */
  abstract cardsToRefingerprint(
    work: UnitOfWork,
    kid: string,
    limit: number,
  ): Promise<CardToRefingerprint[]>;

  abstract setFingerprint(
    work: UnitOfWork,
    cardId: string,
    fingerprint: string,
    kid: string,
  ): Promise<void>;

  abstract findCard(work: UnitOfWork, cardId: string): Promise<VaultCard>;

  abstract createTemporaryToken(
    work: UnitOfWork,
    card: VaultCard,
    securityCode: EncryptedValue,
    expiresAt: Date,
  ): Promise<string>;

  /** One permanent token per card: remembering a card twice gives the same token. */
  abstract permanentTokenFor(work: UnitOfWork, card: VaultCard): Promise<string>;

  /** Locks the token row until the caller's transaction ends (concurrent charges queue on it). */
  abstract lockToken(
    work: UnitOfWork,
    projectId: number,
    tokenId: string,
  ): Promise<LockedToken | undefined>;

  /** Claims an unused temporary token (single use); the security code goes with the use. */
  abstract markUsed(work: UnitOfWork, tokenId: string): Promise<void>;

  abstract eraseSecurityCode(work: UnitOfWork, tokenId: string): Promise<void>;

  /** Erases the security codes of expired temporary tokens; returns how many. */
  abstract eraseExpiredSecurityCodes(work: UnitOfWork): Promise<number>;
}
