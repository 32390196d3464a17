/**
 * The URL with server settings every connection opened through it starts with (`-c name=value`
 * in its `options`, as libpq and node-postgres read it), after any the URL already carries. Set in
 * the URL rather than beside it: node-postgres lets the URL's `options` replace a config's.
 */
export function withConnectionSettings(url: string, settings: Record<string, string>): string {
  const parsed = new URL(url);
  const given = parsed.searchParams.get('options');
  const added = Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`);
  parsed.searchParams.set('options', [...(given ? [given] : []), ...added].join(' '));
  return parsed.toString();
}
