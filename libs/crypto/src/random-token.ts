import { randomBytes } from 'node:crypto';

/** Unguessable URL-safe text for tokens, identifiers and secrets; 24 bytes give 192 bits. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
