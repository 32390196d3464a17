import { CryptoError } from './crypto-error';
import type { OpeningKeyRing, SealingKey } from './sealed-box';
import { openCard, sealCard } from './sealed-card';

/**
 * A piece of card data found outside the fields made for it (a card number in a processing
 * request's `partner.parameters` or free text, a security code under a parameter), sealed for
 * the payments service where it was found: the text becomes `[card:<mask>:<box>]`, so it can travel
 * through template placeholders and string fields like any text (docs/security/card-data.md).
 * The mask (first 6 / last 4 of a number, `***` for a code) is what anyone else may show.
 */
export interface CardFragment {
  mask: string;
  box: string;
}

// A mask is digits and stars; a box is `s1.` and base64url parts (sealed-box.ts): no `]` or `:`.
const FRAGMENT = /\[card:([0-9*]{0,19}):(s1\.[A-Za-z0-9_.-]+)\]/g;
const WHOLE_FRAGMENT = new RegExp(`^${FRAGMENT.source}$`);

/** The fragment text for `secret`, sealed for `projectId`'s payments only. */
export function sealCardFragment(
  key: SealingKey,
  projectId: number,
  secret: string,
  mask: string,
): string {
  return `[card:${mask}:${sealCard(key, projectId, { text: secret }, 'card-fragment')}]`;
}

/** `text` with every fragment shown as its mask. */
export function maskCardFragments(text: string): string {
  return text.includes('[card:') ? text.replace(FRAGMENT, (_found, mask: string) => mask) : text;
}

/** `text` with every fragment opened; throws CryptoError for one of another project or key. */
export function openCardFragments(ring: OpeningKeyRing, projectId: number, text: string): string {
  if (!text.includes('[card:')) return text;
  return text.replace(FRAGMENT, (_found, _mask: string, box: string) => {
    const opened = openCard(ring, projectId, box, 'card-fragment') as { text?: unknown } | null;
    if (typeof opened?.text !== 'string') throw new CryptoError('Card fragment is malformed');
    return opened.text;
  });
}

/** The fragment when `text` is exactly one (a parameter that held only a card number). */
export function wholeCardFragment(text: string): CardFragment | null {
  const match = WHOLE_FRAGMENT.exec(text);
  return match ? { mask: match[1], box: match[2] } : null;
}

/** Whether `text` holds a fragment anywhere. */
export function hasCardFragment(text: string): boolean {
  return text.includes('[card:') && new RegExp(FRAGMENT.source).test(text);
}
