import type { OpeningKeyRing, SealingKey } from './sealed-box';

/**
 * What a sealed card-data box holds: a card object, a payout account that is a card number, or a
 * fragment of card data found in a free field (card-fragment.ts).
 */
export type CardDataPurpose = 'card' | 'payout-account' | 'card-fragment';

/**
 * Card data (number, expiry, security code, holder) sealed for the payments service, bound to its
 * purpose and project: a box taken from one project's message does not open in another's, nor as
 * another kind of secret. The fields inside are the sender's; the payments service validates them.
 */
export function sealCard(
  key: SealingKey,
  projectId: number,
  card: object,
  purpose: CardDataPurpose = 'card',
): string {
  return key.seal(JSON.stringify(card), contextOf(purpose, projectId));
}

/** The card object that was sealed; throws CryptoError for a box of another project or key. */
export function openCard(
  ring: OpeningKeyRing,
  projectId: number,
  box: string,
  purpose: CardDataPurpose = 'card',
): unknown {
  return JSON.parse(ring.open(box, contextOf(purpose, projectId))) as unknown;
}

function contextOf(purpose: CardDataPurpose, projectId: number): string {
  return `${purpose}:v1:${projectId}`;
}
