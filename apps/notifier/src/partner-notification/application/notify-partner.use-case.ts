import { Injectable } from '@nestjs/common';
import type { RequestFinishedV1 } from '@opp/contracts';
import { KeyRing } from '@opp/crypto';
import type { UnitOfWork } from '@opp/persistence';
import { CreateDelivery } from '../../delivery/application/create-delivery';
import type {
  DeliveryOrigin,
  NewDelivery,
  OriginatedDelivery,
} from '../../delivery/domain/delivery';
import { partnerNotificationRequest } from '../domain/partner-notification';
import { NotifiedPartners } from './notified-partners';

/** A consumed finished request and where its notifications come from. */
export interface FinishedRequest {
  event: RequestFinishedV1;
  origin: DeliveryOrigin;
}

/**
 * Finished processing requests: one delivery per notification target, signed (ADR 0004). The
 * deliveries of a run of requests are stored in one statement, each keyed by its request and
 * target so a redelivered event adds none (ADR 0065).
 */
@Injectable()
export class NotifyPartnerUseCase {
  constructor(
    private readonly keyRing: KeyRing,
    private readonly partners: NotifiedPartners,
    private readonly createDelivery: CreateDelivery,
  ) {}

  async execute(work: UnitOfWork, requests: readonly FinishedRequest[]): Promise<void> {
    const entries: OriginatedDelivery[] = [];
    for (const [turn, { event, origin }] of requests.entries()) {
      for (const delivery of await this.notificationsOf(work, event)) {
        entries.push({ delivery, origin, turn });
      }
    }
    await this.createDelivery.executeAll(work, entries);
  }

  private async notificationsOf(
    work: UnitOfWork,
    event: RequestFinishedV1,
  ): Promise<NewDelivery[]> {
    if (event.targets.length === 0) return [];
    const partner = await this.partners.find(work, event.partnerIdentifier);
    if (!partner) {
      throw new Error(`partner ${event.partnerIdentifier} is not known to the notifier yet`);
    }
    const secret = this.keyRing.decrypt(partner.secretEncrypted);
    return event.targets.map((target, index) => ({
      kind: 'partner-notification',
      dedupeKey: `notification:${event.globalId}:${index}`,
      projectId: partner.projectId,
      partnerIdentifier: partner.identifier,
      subject: event.globalId,
      request: partnerNotificationRequest(target, event.globalId, secret),
      task: null,
    }));
  }
}
