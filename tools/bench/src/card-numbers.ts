import { luhnCheckDigit } from '@opp/card-bins';

/** A Luhn-valid 16-digit card number from a sequence number (the sandbox approves any such card). */
export function benchCardNumber(sequence: number): string {
  // The 424000 prefix stays clear of every special sandbox card (ADR 0006): all start 4000 or 4100.
  const body = `424000${String(sequence % 1_000_000_000).padStart(9, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}
