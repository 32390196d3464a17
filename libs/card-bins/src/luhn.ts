/**
 * The Luhn checksum, once for the platform: the gateway's and payments' card number checks, payout
 * accounts, the log masking of card numbers and the test scans all use it.
 */

/** Whether a run of decimal digits passes the Luhn check (anything but digits does not). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The digit that makes `body` followed by it pass the Luhn check. */
export function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (luhnValid(`${body}${digit}`)) return String(digit);
  }
  throw new Error('luhnCheckDigit takes decimal digits only');
}
