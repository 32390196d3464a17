const dateTime = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
  hour12: false,
});

/** Times are shown in UTC, as the logs and the database have them. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const millis = String(date.getUTCMilliseconds()).padStart(3, '0');
  return `${dateTime.format(date)}.${millis} UTC`;
}

export function durationMs(from: string | null, to: string | null): number | null {
  if (!from || !to) return null;
  const ms = new Date(to).getTime() - new Date(from).getTime();
  return Number.isFinite(ms) ? ms : null;
}

export function duration(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function money(amount: string | null | undefined, currency: string | null | undefined) {
  if (amount === null || amount === undefined) return '—';
  return currency ? `${amount} ${currency}` : amount;
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'null';
}
