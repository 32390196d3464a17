import { Injectable, Logger } from '@nestjs/common';
import type { TransactionStatusChangedV1 } from '@opp/contracts';
import { KeyRing } from '@opp/crypto';
import type { UnitOfWork } from '@opp/persistence';
import { CreateDelivery } from '../../delivery/application/create-delivery';
import type {
  DeliveryOrigin,
  NewDelivery,
  OriginatedDelivery,
} from '../../delivery/domain/delivery';
import { callbackParams, callbackRequest, signedCallback } from '../domain/callback-params';
import { CallbackProjects } from './callback-projects';

/** A consumed status change: the event, its envelope id and where the callback comes from. */
export interface StatusChange {
  event: TransactionStatusChangedV1;
  eventId: string;
  origin: DeliveryOrigin;
}

/**
 * Transaction status changes the merchant is called back about become deliveries: the spec's
 * parameters, signed once with the project's private key (ADR 0003) and stored, so every attempt
 * sends the same parameters and the same signature (ADR 0010). The deliveries of a run of changes
 * are stored in one statement, each keyed by its event so a redelivered event adds none (ADR 0065).
 */
@Injectable()
export class CreateMerchantCallbackUseCase {
  private readonly logger = new Logger(CreateMerchantCallbackUseCase.name);

  constructor(
    private readonly keyRing: KeyRing,
    private readonly projects: CallbackProjects,
    private readonly createDelivery: CreateDelivery,
  ) {}

  async execute(work: UnitOfWork, changes: readonly StatusChange[]): Promise<void> {
    const entries: OriginatedDelivery[] = [];
    for (const [turn, change] of changes.entries()) {
      const delivery = await this.callbackOf(work, change);
      if (delivery) entries.push({ delivery, origin: change.origin, turn });
    }
    await this.createDelivery.executeAll(work, entries);
  }

  private async callbackOf(
    work: UnitOfWork,
    { event, eventId }: StatusChange,
  ): Promise<NewDelivery | null> {
    if (!event.callbackStatus) return null;
    const project = await this.projects.find(work, event.projectId);
    if (!project) {
      // The project's snapshot has not reached us yet: fail, so the transport retries the event.
      throw new Error(`project ${event.projectId} is not known to the notifier yet`);
    }
    if (!project.callbackUrl) {
      this.logger.debug({
        msg: 'no callback URL; no callback',
        projectId: project.id,
        transactionId: event.transactionId,
      });
      return null;
    }
    const privateKey = this.keyRing.decrypt(project.signingKeyEncrypted);
    // ADR 0018: stamped once, when the callback is created; every attempt sends the same parameters.
    const timestamp = project.requireTimestamp ? Math.floor(Date.now() / 1000) : undefined;
    const signed = signedCallback(
      callbackParams(event, event.callbackStatus, timestamp),
      privateKey,
    );
    return {
      kind: 'merchant-callback',
      dedupeKey: `callback:${eventId}`,
      projectId: project.id,
      partnerIdentifier: null,
      subject: String(event.transactionId),
      // A refund's callback never before its payment's (ADR 0010).
      follows: event.referenceId != null ? String(event.referenceId) : null,
      request: callbackRequest(project.callbackUrl, signed),
      task: null,
    };
  }
}
