import type { AttemptResult, DeliveryRequest } from '../domain/delivery';
import { DeliverySender, type MailTransport } from '../application/delivery-sender';
import type { HttpDeliverySender } from './http-delivery.sender';

/** Sends by the request's channel: HTTP for callbacks, notifications and webhooks; SMTP for e-mail. */
export class ChannelDeliverySender extends DeliverySender {
  constructor(
    private readonly http: HttpDeliverySender,
    private readonly mail: MailTransport,
  ) {
    super();
  }

  async send(request: DeliveryRequest): Promise<AttemptResult> {
    if (request.channel === 'http') return this.http.send(request);
    if (!this.mail.configured) {
      return { ok: false, permanent: true, httpStatus: null, error: 'SMTP is not configured' };
    }
    try {
      await this.mail.send(request);
      return { ok: true, httpStatus: null };
    } catch (error) {
      return { ok: false, httpStatus: null, error: `SMTP: ${(error as Error).message}` };
    }
  }
}
