import type { UnitOfWork } from '@opp/persistence';
import type { CardTokenKind } from '../domain/card-token';
import type { VaultCard } from '../domain/vault-card';

/** The KEK id is stored beside each envelope (key rotation and retirement). */
/** The id is chosen before the number is encrypted: the envelope is bound to it (ADR 0063). */
export type NewVaultCard = VaultCard & { panFingerprint: string; kekId: string };

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
  /**
   * One row per project and card (fingerprint and expiry); storing a known card re-wraps its
   * number under the active KEK.
   */
  abstract storeCard(work: UnitOfWork, card: NewVaultCard): Promise<VaultCard>;

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
