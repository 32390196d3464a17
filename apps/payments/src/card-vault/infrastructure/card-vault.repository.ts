import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { projectClockOffsetSql } from '@opp/snapshots';
import { randomToken } from '@opp/crypto';
import type { CardTokenKind } from '../domain/card-token';
import type { VaultCard } from '../domain/vault-card';
import {
  CardVaultStore,
  type CardToRefingerprint,
  type EncryptedValue,
  type LockedToken,
  type NewVaultCard,
} from '../application/card-vault.store';

interface CardRow {
  id: string;
  project_id: number;
  pan_encrypted: string;
  first_six: string;
  last_four: string;
  pan_length: number;
  scheme: string;
  expiration_month: number;
  expiration_year: number;
  holder: string | null;
  bank_name: string;
  country: string;
}

const toCard = (row: CardRow): VaultCard => ({
  id: row.id,
  projectId: row.project_id,
  panEncrypted: row.pan_encrypted,
  firstSix: row.first_six,
  lastFour: row.last_four,
  panLength: row.pan_length,
  scheme: row.scheme,
  expirationMonth: row.expiration_month,
  expirationYear: row.expiration_year,
  holder: row.holder,
  bankName: row.bank_name,
  country: row.country,
});

@Injectable()
export class CardVaultRepository extends CardVaultStore {
  /**
   * One row per card (project, fingerprint, expiry). A known card is found by its fingerprint under
   * the current key or, while the fingerprint key rotates, the previous one (ADR 0063), and keeps its
   * row and envelope, which is bound to the row's id; the key rotation worker moves the envelope to
   * the active KEK. A new card is inserted with the current fingerprint; a concurrent insert of the
   * same card meets the unique key.
   */
  async storeCard(work: UnitOfWork, card: NewVaultCard): Promise<VaultCard> {
    const manager = entityManagerOf(work);
    // A plain read: a re-fingerprinting batch holding the row does not hold up a tokenization.
    const found: CardRow[] = await manager.query(
      `SELECT * FROM vault_cards
        WHERE project_id = $1 AND pan_fingerprint = ANY($2::text[])
          AND expiration_month = $3 AND expiration_year = $4
        LIMIT 1`,
      [card.projectId, card.lookupFingerprints, card.expirationMonth, card.expirationYear],
    );
    if (found[0] && card.holder === null) return toCard(found[0]);
    if (found[0]) {
      // TypeORM answers an UPDATE's raw query as [rows, count], not as rows: the row read above,
      // with its new holder, is the card.
      await manager.query(`UPDATE vault_cards SET holder = $2 WHERE id = $1`, [
        found[0].id,
        card.holder,
      ]);
      return toCard({ ...found[0], holder: card.holder });
    }
    const rows: CardRow[] = await manager.query(
      `INSERT INTO vault_cards (id, project_id, pan_encrypted, pan_fingerprint, first_six, last_four,
         pan_length, scheme, expiration_month, expiration_year, holder, bank_name, country, kek_id,
         fingerprint_kid)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (project_id, pan_fingerprint, expiration_month, expiration_year) DO UPDATE SET
         holder = COALESCE(EXCLUDED.holder, vault_cards.holder)
       RETURNING *`,
      [
        card.id,
        card.projectId,
        card.panEncrypted,
        card.panFingerprint,
        card.firstSix,
        card.lastFour,
        card.panLength,
        card.scheme,
        card.expirationMonth,
        card.expirationYear,
        card.holder,
        card.bankName,
        card.country,
        card.kekId,
        card.fingerprintKid,
      ],
    );
    return toCard(rows[0]);
  }

  async cardsToRefingerprint(
    work: UnitOfWork,
    kid: string,
    limit: number,
  ): Promise<CardToRefingerprint[]> {
    const rows: { id: string; project_id: number; pan_encrypted: string }[] = await entityManagerOf(
      work,
    ).query(
      `SELECT id, project_id, pan_encrypted FROM vault_cards
          WHERE fingerprint_kid IS NULL OR fingerprint_kid <> $1
          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [kid, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      projectId: row.project_id,
      panEncrypted: row.pan_encrypted,
    }));
  }

  async setFingerprint(
    work: UnitOfWork,
    cardId: string,
    fingerprint: string,
    kid: string,
  ): Promise<void> {
    await entityManagerOf(work).query(
      `UPDATE vault_cards SET pan_fingerprint = $2, fingerprint_kid = $3 WHERE id = $1`,
      [cardId, fingerprint, kid],
    );
  }

  async findCard(work: UnitOfWork, cardId: string): Promise<VaultCard> {
    const rows: CardRow[] = await entityManagerOf(work).query(
      `SELECT * FROM vault_cards WHERE id = $1`,
      [cardId],
    );
    if (rows.length === 0) throw new Error(`vault card ${cardId} is missing`);
    return toCard(rows[0]);
  }

  async createTemporaryToken(
    work: UnitOfWork,
    card: VaultCard,
    securityCode: EncryptedValue,
    expiresAt: Date,
  ): Promise<string> {
    const id = randomToken();
    await entityManagerOf(work).query(
      `INSERT INTO card_tokens (id, project_id, card_id, kind, security_code_encrypted, kek_id,
         expires_at)
       VALUES ($1, $2, $3, 'temporary', $4, $5, $6)`,
      [id, card.projectId, card.id, securityCode.encrypted, securityCode.kekId, expiresAt],
    );
    return id;
  }

  /** One permanent token per card: remembering a card twice gives the same token. */
  async permanentTokenFor(work: UnitOfWork, card: VaultCard): Promise<string> {
    // Serializes concurrent "remember" of one card so they agree on a single token.
    await entityManagerOf(work).query(`SELECT 1 FROM vault_cards WHERE id = $1 FOR UPDATE`, [
      card.id,
    ]);
    const existing: { id: string }[] = await entityManagerOf(work).query(
      `SELECT id FROM card_tokens WHERE card_id = $1 AND kind = 'permanent' LIMIT 1`,
      [card.id],
    );
    if (existing.length > 0) return existing[0].id;
    const id = randomToken();
    await entityManagerOf(work).query(
      `INSERT INTO card_tokens (id, project_id, card_id, kind) VALUES ($1, $2, $3, 'permanent')`,
      [id, card.projectId, card.id],
    );
    return id;
  }

  /**
   * Locks the token row until the charge's transaction ends: of concurrent charges with one
   * temporary token, the first marks it used and every other then sees it used (40305).
   */
  async lockToken(work: UnitOfWork, projectId: number, tokenId: string) {
    const rows: (CardRow & {
      token_id: string;
      kind: CardTokenKind;
      expires_at: Date | null;
      used_at: Date | null;
      security_code_encrypted: string | null;
    })[] = await entityManagerOf(work).query(
      `SELECT c.*, t.id AS token_id, t.kind, t.expires_at, t.used_at, t.security_code_encrypted
       FROM card_tokens t JOIN vault_cards c ON c.id = t.card_id
       WHERE t.id = $1 AND t.project_id = $2
       FOR UPDATE OF t`,
      [tokenId, projectId],
    );
    if (rows.length === 0) return undefined;
    const row = rows[0];
    return {
      id: row.token_id,
      kind: row.kind,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
      securityCodeEncrypted: row.security_code_encrypted,
      card: toCard(row),
    } satisfies LockedToken;
  }

  /**
   * Single use: the security code goes with the use. Exactly one unused temporary token must be
   * claimed; anything else means the lock of `lockToken` did not hold, and the charge is refused.
   */
  async markUsed(work: UnitOfWork, tokenId: string): Promise<void> {
    const [, claimed]: [unknown[], number] = await entityManagerOf(work).query(
      `UPDATE card_tokens SET used_at = now(), security_code_encrypted = NULL
       WHERE id = $1 AND kind = 'temporary' AND used_at IS NULL`,
      [tokenId],
    );
    if (claimed !== 1) throw new Error(`card token claim updated ${claimed} rows, not 1`);
  }

  async eraseSecurityCode(work: UnitOfWork, tokenId: string): Promise<void> {
    await entityManagerOf(work).query(
      `UPDATE card_tokens SET security_code_encrypted = NULL WHERE id = $1`,
      [tokenId],
    );
  }

  /** Erases the security codes of expired temporary tokens; returns how many. */
  async eraseExpiredSecurityCodes(work: UnitOfWork): Promise<number> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [, affected]: [unknown[], number] = await entityManagerOf(work).query(
      `UPDATE card_tokens SET security_code_encrypted = NULL
       WHERE security_code_encrypted IS NOT NULL
         AND expires_at <= now() + ${projectClockOffsetSql('card_tokens.project_id')}`,
    );
    return affected;
  }
}
