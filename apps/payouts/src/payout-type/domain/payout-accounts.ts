/** Account checks per payout type (ADR 0011): a BIN for cards, an IBAN for SEPA, a wallet id. */

/** ISO 13616 IBAN: country, check digits, up to 30 alphanumerics; mod-97 of the rearranged text is 1. */
export function isIban(account: string): boolean {
  const iban = account.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export const isWalletId = (account: string): boolean => /^[A-Za-z0-9@._+-]{3,64}$/.test(account);

export const isBin = (account: string): boolean => /^\d{6}$/.test(account);
