import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import { ProjectClock } from '@opp/snapshots';
import type { TokenizeCardResultV1, TokenizeCardV1 } from '@opp/contracts';
import { PaymentsConfig } from '../../../config/payments.config';
import { temporaryTokenExpiry } from '../../domain/card-token';
import { cardViewOf } from '../../domain/vault-card';
import { CardVaultStore } from '../card-vault.store';
import { CardVault } from '../card-vault';

/** GET /card/getToken: the card into the vault, a temporary token (10 minutes, single use) back. */
@Injectable()
export class TokenizeCardUseCase {
  constructor(
    private readonly vault: CardVault,
    private readonly tokens: CardVaultStore,
    @Inject(PaymentsConfig) private readonly config: PaymentsConfig,
    private readonly clock: ProjectClock,
  ) {}

  async execute(work: UnitOfWork, command: TokenizeCardV1): Promise<TokenizeCardResultV1> {
    const input = this.vault.open(command.projectId, command.sealedCard);
    const card = await this.vault.store(work, command.projectId, input);
    // A token lives in its project's time (ADR 0069): a sandbox clock's advance expires it.
    const now = await this.clock.now(command.projectId);
    const expiresAt = temporaryTokenExpiry(now, this.config.cardTokenTtlSeconds);
    const id = await this.tokens.createTemporaryToken(
      work,
      card,
      await this.vault.encryptSecurityCode(card, input.securityCode),
      expiresAt,
    );
    return { id, expiresAt: expiresAt.toISOString(), card: cardViewOf(card) };
  }
}
