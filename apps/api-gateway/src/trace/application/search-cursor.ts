/** What the admin search finds: payments' transactions and the orchestrator's requests. */
export const SEARCH_KINDS = ['transaction', 'processing'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Where the search of one kind stands: not begun, after an item (its service's cursor), done. */
export type KindPosition = { at: 'start' } | { at: 'after'; cursor: string } | { at: 'end' };
export type SearchPositions = Record<SearchKind, KindPosition>;

const TAGS: Record<SearchKind, string> = { transaction: 't', processing: 'p' };
const PART = /^([tp])(?:(!)|:([^~]{1,80}))$/;

/** A cursor holds at most both kinds' positions (each service's cursor is 80 characters at most). */
export const SEARCH_CURSOR_MAX = 170;

export const startPositions = (): SearchPositions => ({
  transaction: { at: 'start' },
  processing: { at: 'start' },
});

/**
 * The merged search's cursor: each kind's position, `t:<cursor>` or `t!` (done) and the same with
 * `p`, joined by `~`; a kind not named has not begun. Null when every kind is done.
 */
export function encodeSearchCursor(positions: SearchPositions): string | null {
  if (SEARCH_KINDS.every((kind) => positions[kind].at === 'end')) return null;
  return SEARCH_KINDS.flatMap((kind) => {
    const position = positions[kind];
    if (position.at === 'start') return [];
    return [position.at === 'end' ? `${TAGS[kind]}!` : `${TAGS[kind]}:${position.cursor}`];
  }).join('~');
}

/** Null when the text is no cursor this search gave. */
export function decodeSearchCursor(text: string): SearchPositions | null {
  const positions = startPositions();
  const seen = new Set<string>();
  for (const part of text.split('~')) {
    const match = PART.exec(part);
    if (!match || seen.has(match[1])) return null;
    seen.add(match[1]);
    const kind: SearchKind = match[1] === TAGS.transaction ? 'transaction' : 'processing';
    positions[kind] = match[2] ? { at: 'end' } : { at: 'after', cursor: match[3] };
  }
  return positions;
}
