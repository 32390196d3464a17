import { Injectable, Logger } from '@nestjs/common';
import type { TransactionStatusChangedV1 } from '@opp/contracts';
import { KeyRing } from '@opp/crypto';
import type { UnitOfWork } from '@opp/persistence';
import { CreateDelivery } from '../../delivery/application/create-delivery';
import { callbackParams, callbackRequest, signedCallback } from '../domain/callback-params';
import { CallbackProjects } from './callback-projects';

/**
 * A transaction status change the merchant is called back about becomes a delivery: the spec's
 * parameters, signed once with the project's private key (ADR 0003) and stored, so every attempt
 * sends the same parameters and the same signature (ADR 0010).
 */
@Injectable()
export class CreateMerchantCallbackUseCase {
  private readonly logger = new Logger(CreateMerchantCallbackUseCase.name);

  constructor(
    private readonly keyRing: KeyRing,
    private readonly projects: CallbackProjects,
    private readonly createDelivery: CreateDelivery,
  ) {}

  async execute(work: UnitOfWork, event: TransactionStatusChangedV1, eventId: string) {
    if (!event.callbackStatus) return;
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
      return;
    }
    const privateKey = this.keyRing.decrypt(project.signingKeyEncrypted);
    // ADR 0018: stamped once, when the callback is created; every attempt sends the same parameters.
    const timestamp = project.requireTimestamp ? Math.floor(Date.now() / 1000) : undefined;
    const signed = signedCallback(
      callbackParams(event, event.callbackStatus, timestamp),
      privateKey,
    );
    await this.createDelivery.execute(work, {
      kind: 'merchant-callback',
      dedupeKey: `callback:${eventId}`,
      projectId: project.id,
      partnerIdentifier: null,
      subject: String(event.transactionId),
      request: callbackRequest(project.callbackUrl, signed),
      task: null,
    });
  }
}
