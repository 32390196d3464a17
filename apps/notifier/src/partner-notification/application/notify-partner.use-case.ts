import { Injectable } from '@nestjs/common';
import type { RequestFinishedV1 } from '@opp/contracts';
import { KeyRing } from '@opp/crypto';
import type { UnitOfWork } from '@opp/persistence';
import { CreateDelivery } from '../../delivery/application/create-delivery';
import { partnerNotificationRequest } from '../domain/partner-notification';
import { NotifiedPartners } from './notified-partners';

/** A finished processing request: one delivery per notification target, signed (ADR 0004). */
@Injectable()
export class NotifyPartnerUseCase {
  constructor(
    private readonly keyRing: KeyRing,
    private readonly partners: NotifiedPartners,
    private readonly createDelivery: CreateDelivery,
  ) {}

  async execute(work: UnitOfWork, event: RequestFinishedV1): Promise<void> {
    if (event.targets.length === 0) return;
    const partner = await this.partners.find(work, event.partnerIdentifier);
    if (!partner) {
      throw new Error(`partner ${event.partnerIdentifier} is not known to the notifier yet`);
    }
    const secret = this.keyRing.decrypt(partner.secretEncrypted);
    for (const [index, target] of event.targets.entries()) {
      await this.createDelivery.execute(work, {
        kind: 'partner-notification',
        dedupeKey: `notification:${event.globalId}:${index}`,
        projectId: partner.projectId,
        partnerIdentifier: partner.identifier,
        subject: event.globalId,
        request: partnerNotificationRequest(target, event.globalId, secret),
        task: null,
      });
    }
  }
}
