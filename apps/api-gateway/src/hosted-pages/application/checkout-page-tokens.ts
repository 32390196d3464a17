import { Inject, Injectable } from '@nestjs/common';
import { CryptoError, HostedPageKeyRing } from '@opp/crypto';

const PURPOSE = 'checkout-answer';

/**
 * The token the checkout page carries in its form (ADR 0061): the answer (confirm or cancel) must
 * come from a page the gateway served for that transaction, not from any site that knows the
 * sequential id. It is the transaction id sealed under HOSTED_PAGE_KEYS (authenticated
 * encryption), so it cannot be forged or moved to another transaction, and a key rotation keeps
 * the pages already open working while the old key stays in the ring.
 */
@Injectable()
export class CheckoutPageTokens {
  constructor(@Inject(HostedPageKeyRing) private readonly keys: HostedPageKeyRing) {}

  issue(transactionId: number): string {
    return this.keys.encrypt(`${PURPOSE}:${transactionId}`);
  }

  isFor(token: string, transactionId: number): boolean {
    try {
      return this.keys.decrypt(token) === `${PURPOSE}:${transactionId}`;
    } catch (error) {
      if (error instanceof CryptoError) return false;
      throw error;
    }
  }
}
