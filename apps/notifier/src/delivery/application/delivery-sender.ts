import type { AttemptResult, DeliveryRequest } from '../domain/delivery';

/** Sends one attempt of a delivery; never throws, every failure is an AttemptResult. */
export abstract class DeliverySender {
  abstract send(request: DeliveryRequest): Promise<AttemptResult>;
}

/** The e-mail side of `message.send`: an SMTP client in production, anything in tests. */
export abstract class MailTransport {
  abstract readonly configured: boolean;
  abstract send(mail: { to: string; subject: string; text: string }): Promise<void>;
}
