import { Module } from '@nestjs/common';
import { registerOnce } from '../shared/register-once';
import { CardVault } from './application/card-vault';
import { CardVaultStore } from './application/card-vault.store';
import { RefingerprintCardsWorker } from './application/refingerprint-cards/refingerprint-cards.worker';
import { SweepExpiredCodesWorker } from './application/sweep-expired-codes/sweep-expired-codes.worker';
import { TaskCardData } from './application/task-card-data';
import { TokenizeCardUseCase } from './application/tokenize-card/tokenize-card.use-case';
import { cardDataKeyProviders } from './card-data-keys.providers';
import { CardVaultRepository } from './infrastructure/card-vault.repository';
import { TokenizeCardKafkaHandler } from './interface/tokenize-card.kafka.handler';

/** Cards and their tokens, stored as envelopes under the card data KEKs. */
@Module({})
export class CardVaultModule {
  /** Imported by charge, task and payout; its key rotation worker must exist once. */
  static readonly register = registerOnce((config) => ({
    module: CardVaultModule,
    controllers: [TokenizeCardKafkaHandler],
    providers: [
      { provide: CardVaultStore, useClass: CardVaultRepository },
      ...cardDataKeyProviders(config),
      CardVault,
      TaskCardData,
      TokenizeCardUseCase,
      SweepExpiredCodesWorker,
      RefingerprintCardsWorker,
    ],
    exports: [CardVaultStore, CardVault, TaskCardData],
  }));
}
