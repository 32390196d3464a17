const SECRET_KEYS = new Set(['security_code', 'securitycode', 'cvv', 'cvv2', 'cvc', 'password']);
const NUMBER_KEYS = new Set(['number', 'pan', 'card_number', 'cardnumber']);

/** First 6 and last 4 at most (ARCHITECTURE, card data). */
export function maskCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 12) return '*'.repeat(digits.length);
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

/**
 * The payload as stored in clear and answered to the partner: security codes dropped and card
 * numbers masked, wherever they are nested. The full payload exists only encrypted, until the task ends.
 */
export function redactPayload(value: unknown, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => redactPayload(item, parentKey));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const lower = key.toLowerCase();
    if (SECRET_KEYS.has(lower)) continue;
    const isCardNumber =
      NUMBER_KEYS.has(lower) && (lower !== 'number' || parentKey.toLowerCase() === 'card');
    out[key] =
      isCardNumber && (typeof item === 'string' || typeof item === 'number')
        ? maskCardNumber(String(item))
        : redactPayload(item, key);
  }
  return out;
}
