import { randomToken } from '@opp/crypto';

/** Key pairs are random tokens; the prefixes tell a reader which is which (as Stripe's pk_/sk_). */
export function newProjectKeys(): { publicKey: string; privateKey: string } {
  return { publicKey: `pk_${randomToken(18)}`, privateKey: `sk_${randomToken(32)}` };
}
