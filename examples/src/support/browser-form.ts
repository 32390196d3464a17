/**
 * What a browser does with the 3-D Secure pages, done with fetch: post a form, read the next form
 * on the page. The simulator's pages are plain HTML forms (ADR 0007), so no browser is needed.
 */
export async function postForm(url: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const page = await response.text();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${page}`);
  return page;
}

/** Where the page's form posts to, resolved against the page's own URL. */
export function formAction(page: string, pageUrl: string): string {
  const action = /<form[^>]*\saction="([^"]*)"/.exec(page)?.[1];
  if (action === undefined) throw new Error('the page holds no form');
  return new URL(unescapeHtml(action), pageUrl).toString();
}

/** The hidden inputs of the page: the fields its form carries on. */
export function hiddenInputs(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [input] of page.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(input)?.[1];
    const value = /\svalue="([^"]*)"/.exec(input)?.[1];
    if (name !== undefined) fields[unescapeHtml(name)] = unescapeHtml(value ?? '');
  }
  return fields;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#96;': '`',
};

function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#96);/g, (entity) => ENTITIES[entity]);
}
