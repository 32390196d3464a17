import { Inject, Injectable } from '@nestjs/common';
import { SealingKey, sealCard, sealCardFragment, type CardDataPurpose } from '@opp/crypto';
import { GatewayConfig } from '../../config/gateway.config';

/**
 * Seals card data for the payments service before anything is published: the gateway holds only
 * the public key, so neither it nor Kafka, the orchestrator or a dead-letter copy can read the
 * card afterwards (docs/security/card-data.md).
 */
@Injectable()
export class CardDataSealer {
  private readonly key: SealingKey;

  constructor(@Inject(GatewayConfig) config: GatewayConfig) {
    this.key = SealingKey.parse(config.cardDataPublicKey);
  }

  /** A card object (as read at the edge, or a task's `card` as the partner wrote it). */
  sealCard(projectId: number, card: object, purpose: CardDataPurpose = 'card'): string {
    return sealCard(this.key, projectId, card, purpose);
  }

  /** Card data found in a free field, as a `[card:<mask>:<box>]` text (ADR 0064). */
  sealFragment(projectId: number, secret: string, mask: string): string {
    return sealCardFragment(this.key, projectId, secret, mask);
  }

  /** Both, bound to one project (what a processing request's sealing needs). */
  forProject(projectId: number) {
    return {
      card: (secret: object, purpose: CardDataPurpose) => this.sealCard(projectId, secret, purpose),
      fragment: (secret: string, mask: string) => this.sealFragment(projectId, secret, mask),
    };
  }
}
